import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../../components/ui/spinner';
import { useFormat } from '../../../lib/format';
import type { PayoutBatchPreview } from '../api/payout-batches';
import { money } from '../utils/money';
import { coinText } from '../utils/payout-amounts';
import { refusalText } from '../utils/refusal';

/**
 * What the batch would cost before it is built: the fee (the operator's, in the coin and in USD), its size, what the
 * withdrawals take and what the confirmed coins hold; or the server's reason it cannot be built (422: not covered).
 */
export function PayoutPreview({ preview }: { preview: UseQueryResult<PayoutBatchPreview> }) {
  const { t } = useTranslation('admin');
  const format = useFormat();
  if (preview.isError)
    return (
      <p className="admin-message admin-message--error" role="alert">
        {refusalText(preview.error, t, t('payouts.previewFailed'))}
      </p>
    );
  const data = preview.data;
  if (!data) return <Spinner label={t('payouts.previewing')} />;
  const facts: Array<[string, string]> = [
    [t('payouts.preview.total'), coinText(format, data.total, data.coin)],
    [
      t('payouts.preview.fee'),
      t('payouts.feeValue', {
        coins: coinText(format, data.fee, data.coin),
        usd: money(format, data.feeCents / 100),
        rate: format.number(data.feeRate),
      }),
    ],
    [t('payouts.preview.size'), t('payouts.vbytes', { size: format.number(data.virtualSize) })],
    [t('payouts.preview.available'), coinText(format, data.available, data.coin)],
  ];
  return (
    <div role="group" aria-label={t('payouts.preview.label')} aria-busy={preview.isFetching || undefined}>
      <dl className="admin-facts">
        {facts.map(([term, value]) => (
          <div key={term}>
            <dt>{term}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
