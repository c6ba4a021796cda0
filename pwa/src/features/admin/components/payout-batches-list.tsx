import { useTranslation } from 'react-i18next';
import { usePayoutBatches } from '../api/payout-batches';
import { LoadState } from './load-state';
import { PayoutBatchCard } from './payout-batch-card';

/** The chain's batches, newest first; a sent one knows of the unsigned fee bump that waits to replace it. */
export function PayoutBatchesList({ chain }: { chain: string }) {
  const { t } = useTranslation('admin');
  const batches = usePayoutBatches(chain);
  if (!batches.data) return <LoadState query={batches} />;
  if (batches.data.length === 0) return <p className="admin-state">{t('payouts.noBatches')}</p>;
  return (
    <ul className="admin-batches">
      {batches.data.map((batch) => (
        <PayoutBatchCard
          key={batch.id}
          batch={batch}
          pendingBump={batches.data.find((other) => other.replacesId === batch.id && other.status === 'unsigned')}
        />
      ))}
    </ul>
  );
}
