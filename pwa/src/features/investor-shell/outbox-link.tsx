import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router-dom';
import { paths } from '../../config/paths';
import { useOutboxOwner, useOutboxRows } from '../../lib/outbox/hooks';

/** The top bar's way to the outbox page, with a badge of the items (receipts and profile edits) not yet sent. */
export function OutboxLink() {
  const { t } = useTranslation('investor');
  const queued = useOutboxRows(useOutboxOwner())?.length ?? 0;
  return (
    <NavLink
      to={paths.outbox}
      className="investor-top-bar__outbox"
      aria-label={queued > 0 ? t('shell.outboxQueued', { count: queued }) : t('shell.outbox')}
    >
      <svg
        aria-hidden="true"
        viewBox="0 0 24 24"
        width="24"
        height="24"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      >
        <path d="M12 15V3m-4 4 4-4 4 4" />
        <path d="M3 13h5l2 3h4l2-3h5v6a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2z" />
      </svg>
      {queued > 0 && (
        <span className="investor-top-bar__badge" aria-hidden="true">
          {queued}
        </span>
      )}
    </NavLink>
  );
}
