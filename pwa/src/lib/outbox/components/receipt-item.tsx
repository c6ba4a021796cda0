import { useTranslation } from 'react-i18next';
import type { ReceiptOutboxRow } from '../../offline/db';
import { useFormat } from '../../format';
import { useUploadProgress } from '../hooks';
import { OutboxItemActions } from './item-actions';
import './outbox-item.css';

/**
 * One saved receipt: what it is, where it stands (waiting, uploading with its progress, or failed with the
 * server's reason), and Retry / Discard. showKind names it "Deposit receipt" in a list of mixed items.
 */
export function ReceiptOutboxItem({ row, showKind = false }: { row: ReceiptOutboxRow; showKind?: boolean }) {
  const { t } = useTranslation('outbox');
  const { t: tFunds } = useTranslation('funds');
  const format = useFormat();
  const percent = useUploadProgress(row.id);
  const file = row.file.name;
  const reason = (status: number | null) => (status === 0 ? t('queue.noResponse') : (row.lastError ?? ''));
  const plan =
    row.fields.planName ??
    row.planLabel ??
    (row.fields.planId !== undefined ? t('queue.planNumber', { id: row.fields.planId }) : t('queue.noPlan'));
  const uploading = row.state === 'uploading';

  return (
    <li className={`outbox-item outbox-item--${row.state}`}>
      {showKind && <p className="outbox-item__kind">{t('page.receiptKind')}</p>}
      <dl className="outbox-item__facts">
        <div>
          <dt>{t('queue.amount')}</dt>
          <dd>{format.currency(Number(row.fields.amount))}</dd>
        </div>
        {row.fields.coin && (
          <div>
            <dt>{t('queue.coin')}</dt>
            <dd>{tFunds(`coins.${row.fields.coin}`)}</dd>
          </div>
        )}
        <div>
          <dt>{t('queue.plan')}</dt>
          <dd>{plan}</dd>
        </div>
        <div>
          <dt>{t('queue.file')}</dt>
          <dd className="outbox-item__file">{file}</dd>
        </div>
      </dl>
      <div className="outbox-item__state" aria-live="polite">
        {row.state === 'waiting' && <p>{t('queue.waiting')}</p>}
        {row.state === 'waiting' && row.lastStatus !== null && (
          <p className="field__hint">{t('queue.lastTry', { reason: reason(row.lastStatus) })}</p>
        )}
        {uploading && <p>{percent === undefined ? t('queue.uploading') : t('queue.uploadingPercent', { percent })}</p>}
        {uploading && percent !== undefined && (
          <progress max={100} value={percent} aria-label={t('queue.progressLabel', { file })} />
        )}
        {row.state === 'failed' && (
          <p className="form-error">{t('queue.failed', { reason: reason(row.lastStatus) })}</p>
        )}
      </div>
      <OutboxItemActions
        row={row}
        retryLabel={t('queue.retryLabel', { file })}
        discardLabel={t('queue.discardLabel', { file })}
        discardBusy={t('queue.discardBusy')}
      />
    </li>
  );
}
