import { useTranslation } from 'react-i18next';
import { ProfileEditOutboxItem } from '../../../lib/outbox/components/profile-edit-item';
import type { ProfileTab } from '../../../lib/offline/db';
import { normalizeOwner } from '../../../lib/outbox/queue';
import { useOutboxOwner, useProfileRows } from '../../../lib/outbox/hooks';

/** This tab's edits still on the device: waiting, being sent, or refused with the server's reason. */
export function PendingProfileEdits({ tab, email }: { tab: ProfileTab; email: string }) {
  const { t } = useTranslation('investor');
  const owner = useOutboxOwner() ?? normalizeOwner(email);
  const rows = (useProfileRows(owner) ?? []).filter((row) => row.tab === tab);
  if (rows.length === 0) return null;
  return (
    <section className="profile-pending" aria-label={t('profile.pending.title')}>
      <ul className="outbox-list">
        {rows.map((row) => (
          <ProfileEditOutboxItem key={row.id} row={row} />
        ))}
      </ul>
    </section>
  );
}
