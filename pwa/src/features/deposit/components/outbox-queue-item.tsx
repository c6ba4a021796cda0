import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import type { OutboxRow } from '../../../lib/outbox';
import { useUploadProgress } from '../../../lib/outbox-hooks';
import { removeOutboxItem, retryOutboxRow } from '../../../lib/outbox-runner';
import { useFormat } from '../../../lib/format';

/** One saved receipt: what it is, where it stands, and Retry / Remove. */
export function OutboxQueueItem({ row }: { row: OutboxRow }) {
  const { t } = useTranslation('outbox');
  const { t: tFunds } = useTranslation('funds');
  const format = useFormat();
  const percent = useUploadProgress(row.id);
  const [busy, setBusy] = useState(false);
  const file = row.file.name;
  const reason = (status: number | null) => (status === 0 ? t('queue.noResponse') : row.lastError ?? '');
  const plan = row.fields.planName ?? row.planLabel ?? (row.fields.planId !== undefined ? t('queue.planNumber', { id: row.fields.planId }) : t('queue.noPlan'));
  const uploading = row.state === 'uploading';

  const act = async (action: () => Promise<unknown>) => {
    setBusy(true);
    try {
      await action();
    } finally {
      setBusy(false);
    }
  };

  return (
    <li className={`outbox-item outbox-item--${row.state}`}>
      <dl className="outbox-item__facts">
        <div><dt>{t('queue.amount')}</dt><dd>{format.currency(Number(row.fields.amount))}</dd></div>
        {row.fields.coin && <div><dt>{t('queue.coin')}</dt><dd>{tFunds(`coins.${row.fields.coin}`)}</dd></div>}
        <div><dt>{t('queue.plan')}</dt><dd>{plan}</dd></div>
        <div><dt>{t('queue.file')}</dt><dd className="outbox-item__file">{file}</dd></div>
      </dl>
      <div className="outbox-item__state" aria-live="polite">
        {row.state === 'waiting' && <p>{t('queue.waiting')}</p>}
        {row.state === 'waiting' && row.lastStatus !== null && <p className="field__hint">{t('queue.lastTry', { reason: reason(row.lastStatus) })}</p>}
        {uploading && <p>{percent === undefined ? t('queue.uploading') : t('queue.uploadingPercent', { percent })}</p>}
        {uploading && percent !== undefined && <progress max={100} value={percent} aria-label={t('queue.progressLabel', { file })} />}
        {row.state === 'failed' && <p className="form-error">{t('queue.failed', { reason: reason(row.lastStatus) })}</p>}
      </div>
      <div className="outbox-item__actions">
        {!uploading && (
          <Button size="sm" variant="secondary" busy={busy} aria-label={t('queue.retryLabel', { file })} onClick={() => void act(() => retryOutboxRow(row.id))}>
            {t('queue.retry')}
          </Button>
        )}
        <Button
          size="sm"
          variant="ghost"
          disabled={uploading || busy}
          title={uploading ? t('queue.removeBusy') : undefined}
          aria-label={t('queue.removeLabel', { file })}
          onClick={() => void act(() => removeOutboxItem(row.id))}
        >
          {t('queue.remove')}
        </Button>
      </div>
    </li>
  );
}
