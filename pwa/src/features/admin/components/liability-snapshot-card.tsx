import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { paths } from '../../../config/paths';
import { useFormat } from '../../../lib/format';
import { liabilitySnapshotsQuery, useLiabilitySnapshots } from '../../../lib/queries/liability-snapshots';
import { takeLiabilitySnapshot } from '../api/liability-snapshots';
import { money } from '../utils/money';

/** The latest published proof-of-liabilities snapshot, and a snapshot on demand besides the daily one. */
export function LiabilitySnapshotCard() {
  const { t } = useTranslation('liabilities');
  const format = useFormat();
  const queryClient = useQueryClient();
  const snapshots = useLiabilitySnapshots();
  const take = useMutation({
    mutationFn: takeLiabilitySnapshot,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: liabilitySnapshotsQuery().queryKey }),
  });
  const latest = snapshots.data?.snapshots[0];
  return (
    <Card as="section" aria-labelledby="admin-liabilities-title">
      <h2 id="admin-liabilities-title" className="admin-section-title">
        {t('title')}
      </h2>
      <p>
        {latest
          ? t('admin.latest', {
              total: money(format, latest.total),
              countText: format.number(latest.investors),
              date: format.dateTime(latest.takenAt),
            })
          : t('latest.none')}
      </p>
      <p aria-live="polite">
        {take.isSuccess && t('admin.taken', { id: take.data.snapshot.id })}
        {take.isError && t('admin.failed')}
      </p>
      <div className="admin-liabilities__actions">
        <Button onClick={() => take.mutate()} busy={take.isPending}>
          {t('admin.take')}
        </Button>
        <a href={paths.proofOfLiabilities}>{t('admin.view')}</a>
      </div>
    </Card>
  );
}
