import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Card } from '../../../components/ui/card';
import { ReceiptOutboxItem } from '../../../lib/outbox/components/receipt-item';
import { useOutboxOwner, useReceiptRows } from '../../../lib/outbox/hooks';
import { useOnline } from '../../../lib/hooks/use-online';

/** The receipts saved on this device and not yet confirmed by the server; nothing when there are none. */
export function OutboxQueue() {
  const { t } = useTranslation('outbox');
  const titleId = useId();
  const rows = useReceiptRows(useOutboxOwner());
  const online = useOnline();
  if (!rows || rows.length === 0) return null;

  return (
    <Card as="section" className="outbox-queue" aria-labelledby={titleId}>
      <h2 id={titleId}>{t('queue.title')}</h2>
      <p>{t('queue.intro')}</p>
      {!online && <p className="outbox-queue__offline">{t('queue.offline')}</p>}
      <ul className="outbox-list">
        {rows.map((row) => (
          <ReceiptOutboxItem key={row.id} row={row} />
        ))}
      </ul>
    </Card>
  );
}
