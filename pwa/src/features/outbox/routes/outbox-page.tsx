import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Card } from '../../../components/ui/card';
import { ProfileEditOutboxItem } from '../../../lib/outbox/components/profile-edit-item';
import { ReceiptOutboxItem } from '../../../lib/outbox/components/receipt-item';
import { Spinner } from '../../../components/ui/spinner';
import { isProfileRow } from '../../../lib/offline/db';
import { useOutboxOwner, useOutboxRows } from '../../../lib/outbox/hooks';
import { useOnline } from '../../../lib/hooks/use-online';

/**
 * Everything this investor saved on the device and the server has not confirmed yet, oldest first (the order
 * it is sent in): receipts and profile edits, each waiting, on its way, or refused with the server's reason.
 */
export function OutboxPage() {
  const { t } = useTranslation('outbox');
  const listId = useId();
  const rows = useOutboxRows(useOutboxOwner());
  const online = useOnline();

  let content;
  if (rows === undefined) content = <Spinner label={t('page.loading')} />;
  else if (rows.length === 0) content = <p>{t('page.empty')}</p>;
  else {
    content = (
      <ul className="outbox-list">
        {rows.map((row) =>
          isProfileRow(row) ? (
            <ProfileEditOutboxItem key={row.id} row={row} showKind />
          ) : (
            <ReceiptOutboxItem key={row.id} row={row} showKind />
          ),
        )}
      </ul>
    );
  }

  return (
    <div className="investor-page">
      <h1 className="investor-page__title">{t('page.title')}</h1>
      <Card as="section" aria-labelledby={listId}>
        <h2 id={listId}>{t('page.listTitle')}</h2>
        <p>{t('page.intro')}</p>
        {!online && <p>{t('page.offline')}</p>}
        {content}
      </Card>
    </div>
  );
}
