import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Card } from '../../../components/ui/card';
import { Select } from '../../../components/ui/select';
import { TextField } from '../../../components/ui/text-field';
import { CONVERTER_CURRENCIES, type ConverterCurrency } from '../../../config/constants';
import { currencyDisplayName, useFormat } from '../../../lib/format';
import { useEarlyInput } from '../../../lib/hydration/use-early-input';
import { useResultAsRendered } from '../../../lib/hydration/use-hydrating';
import { bitcoinPriceQuery, getBitcoinPrice, type BitcoinPriceFetcher } from '../api/get-bitcoin-price';
import { DataFreshness } from './data-freshness';
import './bitcoin-converter.css';

const isCurrency = (value: string): value is ConverterCurrency =>
  CONVERTER_CURRENCIES.includes(value as ConverterCurrency);

/** Converts an amount of BTC into one of the spec's 15 currencies (default: 1 BTC in usd). */
export function BitcoinConverter({ fetchPrice = getBitcoinPrice }: { fetchPrice?: BitcoinPriceFetcher }) {
  const { t } = useTranslation('home');
  const format = useFormat();
  const [amountText, setAmountText] = useState('1');
  const [currency, setCurrency] = useState<ConverterCurrency>('usd');
  // An amount typed before React hydrated the converter (the landing's sections hydrate when scrolled to) is kept.
  const { ref: fieldsRef } = useEarlyInput<HTMLDivElement>();
  const quote = useResultAsRendered(useQuery(bitcoinPriceQuery(currency, fetchPrice)));
  const amount = Number(amountText.replace(',', '.'));
  const amountValid = amountText.trim() !== '' && Number.isFinite(amount) && amount >= 0;
  const price = quote.data?.data.price;

  return (
    <Card as="section" className="converter" aria-labelledby="converter-title">
      <h2 id="converter-title">{t('converter.title')}</h2>
      <div ref={fieldsRef} className="converter__fields">
        <TextField
          label={t('converter.amountLabel')}
          type="text"
          inputMode="decimal"
          value={amountText}
          onChange={(event) => setAmountText(event.target.value)}
          error={amountValid ? undefined : t('converter.invalidAmount')}
        />
        <Select
          label={t('converter.currencyLabel')}
          value={currency}
          onChange={(event) => isCurrency(event.target.value) && setCurrency(event.target.value)}
          options={CONVERTER_CURRENCIES.map((code) => ({
            value: code,
            label: `${code.toUpperCase()} – ${currencyDisplayName(format.locale, code)}`,
          }))}
        />
      </div>
      <output className="converter__result" aria-live="polite">
        {price === undefined
          ? quote.isError
            ? t('converter.unavailable')
            : t('market.loading')
          : amountValid &&
            t('converter.result', {
              amount: format.number(amount, { maximumFractionDigits: 8 }),
              value: format.currency(amount * price, currency, { maximumFractionDigits: 2 }),
            })}
      </output>
      {quote.data && (
        <>
          <p className="converter__rate">
            {t('converter.rate', {
              value: format.currency(quote.data.data.price, currency, { maximumFractionDigits: 2 }),
            })}
          </p>
          <DataFreshness
            asOf={quote.data.data.asOf}
            live={quote.data.data.live}
            source={quote.data.data.source}
            savedOnDeviceAt={quote.data.fromDevice ? quote.data.savedAt : undefined}
          />
        </>
      )}
    </Card>
  );
}
