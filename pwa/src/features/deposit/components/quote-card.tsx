import { useTranslation } from 'react-i18next';
import type { DepositQuote } from '../../../../../api/contracts/deposit-quotes';
import { Button } from '../../../components/ui/button';
import { QrCode } from '../../../components/ui/qr-code';
import { useFormat } from '../../../lib/format';
import { useClipboardCopy } from './use-clipboard-copy';
import { minutesAndSeconds, useSecondsLeft } from './use-seconds-left';

/** Where and how much to pay: the QR code a wallet scans, the address and amount to copy, the rate and the time left. */
export function QuoteCard({ quote, coinName, symbol }: { quote: DepositQuote; coinName: string; symbol: string }) {
  const { t } = useTranslation('funds');
  const format = useFormat();
  const copy = useClipboardCopy();
  const secondsLeft = useSecondsLeft(quote.expiresAt);
  const coinAmount = `${quote.coinAmount} ${symbol.toUpperCase()}`;
  return (
    <div className="quote-card">
      {quote.paymentUri && <QrCode text={quote.paymentUri} label={t('onChain.qrLabel', { coin: coinName })} />}
      <dl className="quote-card__facts">
        <div>
          <dt id="quote-amount">{t('onChain.sendExactly')}</dt>
          <dd>
            <code aria-labelledby="quote-amount" dir="ltr">
              {coinAmount}
            </code>
            <Button
              variant="secondary"
              size="sm"
              onClick={() => void copy(quote.coinAmount, t('onChain.amountCopied'))}
              aria-label={t('onChain.copyAmount')}
            >
              {t('cryptoDeposit.copy')}
            </Button>
          </dd>
        </div>
        <div>
          <dt id="quote-address">{t('onChain.toAddress', { coin: coinName })}</dt>
          <dd>
            <code className="quote-card__address" aria-labelledby="quote-address" dir="ltr">
              {quote.address}
            </code>
            <Button
              variant="secondary"
              size="sm"
              onClick={() => void copy(quote.address, t('cryptoDeposit.addressCopied', { coin: coinName }))}
              aria-label={t('cryptoDeposit.copyAddress', { coin: coinName })}
            >
              {t('cryptoDeposit.copy')}
            </Button>
          </dd>
        </div>
        <div>
          <dt>{t('onChain.worth')}</dt>
          <dd>
            {t('onChain.rate', {
              amount: format.currency(quote.amount),
              symbol: symbol.toUpperCase(),
              rate: format.currency(Number(quote.rate)),
              time: format.dateTime(quote.rateAsOf),
            })}
          </dd>
        </div>
      </dl>
      <p className="quote-card__time" role="timer" aria-live="off">
        {secondsLeft > 0
          ? t('onChain.timeLeft', { time: minutesAndSeconds(secondsLeft) })
          : t('onChain.expired', { amount: format.currency(quote.amount) })}
      </p>
    </div>
  );
}
