import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { ApiError } from '../../lib/api-client';
import { invalidateInvestorData } from '../../lib/investor-queries';
import { normalizeOwner, saveReceipt, type ReceiptFields } from '../../lib/outbox/queue';
import { useOutboxOwner, useReceiptRows, useUploadProgress } from '../../lib/outbox/hooks';
import { onOutboxSent, outboxDrainer, removeOutboxItem, retryOutboxRow } from '../../lib/outbox/runner';
import { uploadReceipt } from '../../lib/outbox/receipt-upload';

export type SubmissionView =
  | { kind: 'idle' }
  | { kind: 'uploading'; percent: number }
  | { kind: 'saved'; retrying: boolean }
  | { kind: 'failed'; status: number; message: string }
  | { kind: 'done' };

type Direct = Extract<SubmissionView, { kind: 'uploading' | 'failed' }>;

/**
 * One receipt submission through the outbox: saved on the device first, then sent by the drainer; the view
 * follows the saved row live. Where IndexedDB is unavailable the upload goes out directly, as before the outbox.
 */
export function useReceiptSubmission(typedEmail: string) {
  const queryClient = useQueryClient();
  const owner = useOutboxOwner() ?? (typedEmail.trim() ? normalizeOwner(typedEmail) : null);
  const rows = useReceiptRows(owner);
  // seen: the row has shown up in the live list, so its later absence means it was removed.
  const [current, setCurrent] = useState<{ id: string; seen: boolean } | null>(null);
  const [direct, setDirect] = useState<Direct | null>(null);
  const [done, setDone] = useState(false);
  const row = current ? rows?.find((candidate) => candidate.id === current.id) : undefined;
  if (current && row && !current.seen) setCurrent({ ...current, seen: true });
  const percent = useUploadProgress(current?.id ?? '');

  const currentId = current?.id;
  useEffect(() => (currentId ? onOutboxSent((id) => id === currentId && setDone(true)) : undefined), [currentId]);

  async function submit(fields: ReceiptFields, file: File, key: string, planLabel?: string) {
    setDirect(null);
    if (row && row.id === key) {
      await retryOutboxRow(key);
      return;
    }
    // A refused receipt that the investor has now corrected is replaced, not sent again.
    if (row?.state === 'failed') await removeOutboxItem(row.id);
    try {
      await saveReceipt({ id: key, owner: owner ?? fields.email, fields, planLabel, file });
    } catch {
      sendDirectly(fields, file, key);
      return;
    }
    setCurrent({ id: key, seen: false });
    void outboxDrainer.drain();
  }

  function sendDirectly(fields: ReceiptFields, file: File, key: string) {
    setDirect({ kind: 'uploading', percent: 0 });
    uploadReceipt(fields, file, key, (sent) => setDirect({ kind: 'uploading', percent: sent })).then(
      () => {
        setDone(true);
        void invalidateInvestorData(queryClient);
      },
      (error: unknown) => {
        const status = error instanceof ApiError ? error.status : 0;
        setDirect({ kind: 'failed', status, message: error instanceof Error ? error.message : String(error) });
      },
    );
  }

  let view: SubmissionView = { kind: 'idle' };
  if (done) view = { kind: 'done' };
  else if (direct) view = direct;
  else if (current && !row && !current.seen) view = { kind: 'uploading', percent: 0 };
  else if (row?.state === 'uploading') view = { kind: 'uploading', percent: percent ?? 0 };
  else if (row?.state === 'failed')
    view = { kind: 'failed', status: row.lastStatus ?? 0, message: row.lastError ?? '' };
  // About to be claimed by the drainer: shown as the start of the upload rather than as a delay.
  else if (row && row.attempts === 0 && navigator.onLine) view = { kind: 'uploading', percent: 0 };
  else if (row) view = { kind: 'saved', retrying: row.attempts > 0 };
  return { view, submit, pending: view.kind === 'uploading' || view.kind === 'saved' };
}
