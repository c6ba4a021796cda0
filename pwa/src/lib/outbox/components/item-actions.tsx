import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { removeOutboxItem, retryOutboxRow } from '../runner';
import type { OutboxRow } from '../../offline/db';
import { Button } from '../../../components/ui/button';

type OutboxItemActionsProps = {
  row: OutboxRow;
  /** Accessible names that say which item the buttons act on (a list may hold several). */
  retryLabel: string;
  discardLabel: string;
  /** Why Discard is unavailable while the item is on its way. */
  discardBusy: string;
};

/** Retry and Discard for one queued item. Not while it is on its way: the server may already have it. */
export function OutboxItemActions({ row, retryLabel, discardLabel, discardBusy }: OutboxItemActionsProps) {
  const { t } = useTranslation('outbox');
  const [busy, setBusy] = useState(false);
  const sending = row.state === 'uploading';
  const act = async (action: () => Promise<unknown>) => {
    setBusy(true);
    try {
      await action();
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="outbox-item__actions">
      {!sending && (
        <Button
          size="sm"
          variant="secondary"
          busy={busy}
          aria-label={retryLabel}
          onClick={() => void act(() => retryOutboxRow(row.id))}
        >
          {t('queue.retry')}
        </Button>
      )}
      <Button
        size="sm"
        variant="ghost"
        disabled={sending || busy}
        title={sending ? discardBusy : undefined}
        aria-label={discardLabel}
        onClick={() => void act(() => removeOutboxItem(row.id))}
      >
        {t('queue.discard')}
      </Button>
    </div>
  );
}
