import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';

type SignOutConfirmProps = { count: number; onConfirm: () => void; onCancel: () => void };

/** Asked before sign-out deletes receipts that have not reached the server yet. */
export function SignOutConfirm({ count, onConfirm, onCancel }: SignOutConfirmProps) {
  const { t } = useTranslation('outbox');
  return (
    <Dialog
      open={count > 0}
      title={t('signOut.title')}
      onClose={onCancel}
      actions={(
        <>
          <Button variant="secondary" onClick={onCancel}>{t('signOut.cancel')}</Button>
          <Button variant="danger" onClick={onConfirm}>{t('signOut.confirm')}</Button>
        </>
      )}
    >
      <p>{t('signOut.body', { count })}</p>
    </Dialog>
  );
}
