import { useTranslation } from 'react-i18next';
import type { QuotePayment } from '../../../../../api/contracts/deposit-quotes';
import { PaymentParts } from '../../../components/ui/payment-parts';
import { useFormat } from '../../../lib/format';

/** Each payment the chain shows for this quote, from first sight to credit; announced as it changes. */
export function QuotePayments({ payments, symbol }: { payments: QuotePayment[]; symbol: string }) {
  const { t } = useTranslation('funds');
  const format = useFormat();
  if (payments.length === 0) {
    return (
      <p className="quote-progress quote-progress--waiting" role="status">
        {t('onChain.waiting')}
      </p>
    );
  }
  return (
    <ul className="quote-progress" aria-live="polite">
      {payments.map((payment) => {
        const amount = payment.amount === null ? '' : format.currency(payment.amount);
        const counts = { done: payment.confirmations, required: payment.required };
        return (
          <li key={`${payment.txHash}:${payment.index}`} className={`quote-payment quote-payment--${payment.status}`}>
            <span className="quote-payment__amount" dir="ltr">
              {payment.coinAmount} {symbol.toUpperCase()}
              {amount && ` (${amount})`}
            </span>
            <PaymentParts parts={payment.parts} unit={symbol.toUpperCase()} />
            <span className="quote-payment__status">
              {payment.status === 'credited'
                ? t('onChain.credited', { amount })
                : payment.status === 'orphaned'
                  ? t('onChain.orphaned')
                  : t(payment.status === 'seen' ? 'onChain.seen' : 'onChain.confirming', counts)}
            </span>
            <progress
              className="quote-payment__bar"
              max={Math.max(payment.required, 1)}
              value={
                payment.status === 'credited' ? payment.required : Math.min(payment.confirmations, payment.required)
              }
              aria-label={t('onChain.confirmations', counts)}
            />
            {payment.explorerUrl ? (
              <a
                className="quote-payment__tx"
                dir="ltr"
                href={payment.explorerUrl}
                target="_blank"
                rel="noopener noreferrer"
              >
                {payment.txHash}
              </a>
            ) : (
              <code className="quote-payment__tx" dir="ltr">
                {payment.txHash}
              </code>
            )}
          </li>
        );
      })}
    </ul>
  );
}
