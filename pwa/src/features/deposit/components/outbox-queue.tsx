import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Card } from '../../../components/ui/card';
import { useOutboxOwner, useOutboxRows } from '../../../lib/outbox-hooks';
import { useOnline } from '../../../lib/use-online';
import { OutboxQueueItem } from './outbox-queue-item';

/** The receipts saved on this device and not yet confirmed by the server; nothing when there are none. */
export function OutboxQueue() {
  const { t } = useTranslation('outbox');
  const titleId = useId();
  const rows = useOutboxRows(useOutboxOwner());
  const online = useOnline();
  if (!rows || rows.length === 0) return null;

  return (
    <Card as="section" className="outbox-queue" aria-labelledby={titleId}>
      <h2 id={titleId}>{t('queue.title')}</h2>
      <p>{t('queue.intro')}</p>
      {!online && <p className="outbox-queue__offline">{t('queue.offline')}</p>}
      <ul className="outbox-queue__list">
        {rows.map((row) => (
          <OutboxQueueItem key={row.id} row={row} />
        ))}
      </ul>
    </Card>
  );
}
