import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { paths } from '../../config/paths';
import { useOutboxOwner, useOutboxRows } from '../../lib/outbox/hooks';

/** A line under the top bar while receipts or profile edits wait on this device; the outbox page lists them. */
export function OutboxNotice() {
  const { t } = useTranslation('outbox');
  const rows = useOutboxRows(useOutboxOwner()) ?? [];
  const failed = rows.filter((row) => row.state === 'failed').length;
  const waiting = rows.length - failed;
  if (rows.length === 0) return null;

  return (
    <div className={`outbox-notice${failed > 0 ? ' outbox-notice--failed' : ''}`} role="status">
      {waiting > 0 && <span>{t('notice.waiting', { count: waiting })}</span>}
      {failed > 0 && <span>{t('notice.failed', { count: failed })}</span>}
      <Link to={paths.outbox}>{t('notice.link')}</Link>
    </div>
  );
}
