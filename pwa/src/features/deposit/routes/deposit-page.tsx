import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { centsToDollarText } from '../../../../../api/contracts/money';
import {
  maximumDepositCents,
  minimumDepositCents,
  readDepositAmount,
  type AmountRule,
} from '../../../../../api/contracts/deposits';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { TextField } from '../../../components/ui/text-field';
import { paths } from '../../../config/paths';
import { useFormat } from '../../../lib/format';
import { CoinPicker } from '../components/coin-picker';
import { OnChainHistory } from '../components/on-chain-history';
import { OutboxQueue } from '../components/outbox-queue';
import type { DepositCoinId } from '../coins';
import '../deposit.css';
import '../on-chain.css';

/**
 * Step one of a deposit: the amount ($50 to $1,000,000, checked by the API's own rules, each broken rule said as
 * such) and the coin; then the wallet addresses and receipt.
 */
export function DepositPage() {
  const { t } = useTranslation('funds');
  const format = useFormat();
  const navigate = useNavigate();
  const [amount, setAmount] = useState('');
  const [coin, setCoin] = useState<DepositCoinId>('bitcoin');
  const [error, setError] = useState<string | null>(null);
  const dollars = (cents: number) => format.currency(cents / 100, 'USD', { maximumFractionDigits: 0 });
  const messages: Record<AmountRule, string> = {
    format: t('deposit.amountFormat'),
    decimals: t('deposit.amountDecimals'),
    minimum: t('deposit.invalidAmount'),
    maximum: t('deposit.amountMaximum', { max: dollars(maximumDepositCents) }),
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const read = readDepositAmount(amount);
    if ('rule' in read) {
      setError(messages[read.rule]);
      return;
    }
    navigate(`${paths.bitcoinDeposit}?${new URLSearchParams({ amount: centsToDollarText(read.cents), coin })}`);
  };

  return (
    <div className="investor-page">
      <h1 className="investor-page__title">{t('deposit.title')}</h1>
      <Card as="section">
        <form className="deposit-form" onSubmit={submit} noValidate>
          <p>{t('deposit.intro')}</p>
          <TextField
            label={t('deposit.amountLabel')}
            hint={t('deposit.amountHint', { min: dollars(minimumDepositCents), max: dollars(maximumDepositCents) })}
            inputMode="decimal"
            value={amount}
            onChange={(event) => {
              setAmount(event.target.value);
              setError(null);
            }}
            error={error}
          />
          <CoinPicker value={coin} onChange={setCoin} />
          <Button type="submit" size="lg">
            {t('deposit.submit')}
          </Button>
        </form>
      </Card>
      <OnChainHistory />
      <OutboxQueue />
    </div>
  );
}
