import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { QrCode } from '../../../components/ui/qr-code';
import { useFormat } from '../../../lib/format';
import { useNow } from '../../../lib/hooks/use-now';
import { useMarketRates } from '../api/market-rates';
import { estimateCoinAmount, walletPaymentUri } from '../coin-estimate';
import type { DepositCoin } from '../coins';
import { useClipboardCopy } from './use-clipboard-copy';

type ChosenCoinProps = { coin: DepositCoin; amountCents: number; address: string };

/**
 * The coin the investor pays with, first: the operator's address with Copy, the QR code a wallet scans, and the
 * amount in the coin at the market's price, labelled as an estimate with its time. Sample prices or no market: the
 * page says so and asks for the USD amount only.
 */
export function ChosenCoin({ coin, amountCents, address }: ChosenCoinProps) {
  const { t } = useTranslation('funds');
  const format = useFormat();
  const copy = useClipboardCopy();
  const now = useNow();
  const market = useMarketRates();
  const name = t(`coins.${coin.id}`);
  const ticker = coin.symbol.toUpperCase();
  const usd = format.currency(amountCents / 100);
  const estimate = market.isPending ? undefined : estimateCoinAmount(amountCents, coin, market.data, now);
  const coinAmount = estimate?.kind === 'estimate' ? estimate.coinAmount : undefined;
  const placeholder = address.startsWith('PLACEHOLDER');
  const payable = address !== '' && !placeholder;
  const uri = payable ? walletPaymentUri(coin, address, coinAmount) : undefined;

  return (
    <div className="quote-card chosen-coin">
      {uri && (
        <QrCode
          size={160}
          text={uri}
          label={
            uri === address ? t('cryptoDeposit.qrAddressLabel', { coin: name }) : t('onChain.qrLabel', { coin: name })
          }
        />
      )}
      <dl className="quote-card__facts">
        <div>
          <dt>{coinAmount ? t('cryptoDeposit.amountEstimate') : t('cryptoDeposit.amountToSend')}</dt>
          <dd>
            {estimate === undefined ? (
              <span>{t('cryptoDeposit.readingPrice')}</span>
            ) : estimate.kind === 'estimate' ? (
              <>
                <span>
                  {t('cryptoDeposit.estimate', {
                    coins: format.isolate(`${estimate.coinAmount} ${ticker}`),
                    rate: format.currency(estimate.rate),
                    time: format.date(estimate.asOf, { timeStyle: 'short' }),
                  })}
                </span>
                <Button
                  variant="secondary"
                  size="sm"
                  onClick={() => void copy(estimate.coinAmount, t('onChain.amountCopied'))}
                  aria-label={t('onChain.copyAmount')}
                >
                  {t('cryptoDeposit.copy')}
                </Button>
              </>
            ) : (
              <span className="chosen-coin__usd">{usd}</span>
            )}
          </dd>
          {estimate && (
            <dd className={estimate.kind === 'estimate' ? 'field__hint' : 'notice'}>
              {estimate.kind === 'estimate'
                ? t('cryptoDeposit.estimateHint', { amount: usd })
                : t(estimate.kind === 'sample' ? 'cryptoDeposit.samplePrices' : 'cryptoDeposit.marketUnreachable', {
                    coin: name,
                    amount: usd,
                  })}
            </dd>
          )}
        </div>
        <div>
          <dt id="chosen-coin-address">{t('onChain.toAddress', { coin: name })}</dt>
          <dd>
            {address === '' ? (
              <span className="wallet__warning">{t('cryptoDeposit.missingAddress', { coin: name })}</span>
            ) : (
              <>
                <code
                  className={placeholder ? 'wallet__address wallet__address--placeholder' : 'quote-card__address'}
                  aria-labelledby="chosen-coin-address"
                  dir="ltr"
                >
                  {address}
                </code>
                <Button
                  variant="secondary"
                  size="sm"
                  disabled={placeholder}
                  onClick={() => void copy(address, t('cryptoDeposit.addressCopied', { coin: name }))}
                  aria-label={t('cryptoDeposit.copyAddress', { coin: name })}
                >
                  {t('cryptoDeposit.copy')}
                </Button>
              </>
            )}
          </dd>
          {placeholder && (
            <dd>
              {/* A note inside the definition, not a <dd> with another role: a list of terms holds only terms and definitions. */}
              <span className="wallet__warning" role="note">
                {t('cryptoDeposit.placeholderAddress', { coin: name })}
              </span>
            </dd>
          )}
        </div>
      </dl>
    </div>
  );
}
