import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import type { OutboxCounts } from '../../lib/outbox/queue';

type SignOutConfirmProps = { pending: OutboxCounts | null; onConfirm: () => void; onCancel: () => void };

/** Asked before sign-out deletes receipts and profile edits that have not reached the server yet. */
export function SignOutConfirm({ pending, onConfirm, onCancel }: SignOutConfirmProps) {
  const { t } = useTranslation('outbox');
  const receipts = pending?.receipts ?? 0;
  const profileEdits = pending?.profileEdits ?? 0;
  return (
    <Dialog
      open={receipts + profileEdits > 0}
      title={t('signOut.title')}
      onClose={onCancel}
      actions={
        <>
          <Button variant="secondary" onClick={onCancel}>
            {t('signOut.cancel')}
          </Button>
          <Button variant="danger" onClick={onConfirm}>
            {t('signOut.confirm')}
          </Button>
        </>
      }
    >
      <p>{t('signOut.body', { count: receipts + profileEdits })}</p>
      <ul>
        {receipts > 0 && <li>{t('signOut.receipts', { count: receipts })}</li>}
        {profileEdits > 0 && <li>{t('signOut.profileEdits', { count: profileEdits })}</li>}
      </ul>
    </Dialog>
  );
}
