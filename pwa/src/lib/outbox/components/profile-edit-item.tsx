import { useTranslation } from 'react-i18next';
import type { ProfileOutboxRow } from '../../offline/db';
import { useFormat } from '../../format';
import { OutboxItemActions } from './item-actions';
import './outbox-item.css';

/**
 * One profile edit still on this device: waiting, being sent, or refused with the server's reason, with Retry /
 * Discard. showKind names the profile section it changes, for a list of mixed items.
 */
export function ProfileEditOutboxItem({ row, showKind = false }: { row: ProfileOutboxRow; showKind?: boolean }) {
  const { t } = useTranslation('investor');
  const { t: tOutbox } = useTranslation('outbox');
  const format = useFormat();
  const time = format.dateTime(row.createdAt);
  let text = t('profile.pending.waiting', { time });
  if (row.state === 'uploading') text = t('profile.pending.sending', { time });
  if (row.state === 'failed') text = t('profile.pending.failed', { time, reason: row.lastError ?? '' });

  return (
    <li className={`outbox-item outbox-item--${row.state}`}>
      {showKind && (
        <p className="outbox-item__kind">{tOutbox('page.profileKind', { section: t(`profile.tabs.${row.tab}`) })}</p>
      )}
      <div className="outbox-item__state" aria-live="polite">
        <p className={row.state === 'failed' ? 'form-error' : undefined}>{text}</p>
      </div>
      <OutboxItemActions
        row={row}
        retryLabel={tOutbox('edit.retryLabel', { time })}
        discardLabel={tOutbox('edit.discardLabel', { time })}
        discardBusy={tOutbox('edit.discardBusy')}
      />
    </li>
  );
}
