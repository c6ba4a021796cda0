import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { invalidateInvestorData } from '../../lib/queries/investor';
import { normalizeOwner, saveReceipt, type ReceiptFields } from '../../lib/outbox/queue';
import { useOutboxOwner, useReceiptRows, useUploadProgress } from '../../lib/outbox/hooks';
import {
  onOutboxRefused,
  onOutboxSent,
  outboxDrainer,
  removeOutboxItem,
  retryOutboxRow,
} from '../../lib/outbox/runner';
import { classifyFailure, uploadReceipt } from '../../lib/outbox/receipt-upload';

export type SubmissionView =
  | { kind: 'idle' }
  | { kind: 'uploading'; percent: number }
  | { kind: 'saved'; retrying: boolean }
  /** refused: a 4xx that sending again cannot pass (the investor changes the file or the fields instead). */
  | { kind: 'failed'; status: number; message: string; refused: boolean }
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
  const [refusal, setRefusal] = useState<{ id: string; status: number; message: string } | null>(null);
  // Read by the refusal listener, which must be in place before the first upload of a submission can answer.
  const submitted = useRef<string | null>(null);
  const row = current ? rows?.find((candidate) => candidate.id === current.id) : undefined;
  if (current && row && !current.seen) setCurrent({ ...current, seen: true });
  const percent = useUploadProgress(current?.id ?? '');

  const currentId = current?.id;
  useEffect(() => (currentId ? onOutboxSent((id) => id === currentId && setDone(true)) : undefined), [currentId]);
  // A refused receipt is told here, on the form, and leaves the outbox: no replay could pass.
  useEffect(
    () =>
      onOutboxRefused((id, { status, message }) => {
        if (id !== submitted.current) return false;
        setRefusal({ id, status, message });
        return true;
      }),
    [],
  );

  async function submit(fields: ReceiptFields, file: File, key: string, planLabel?: string) {
    setDirect(null);
    setRefusal(null);
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
    submitted.current = key;
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
        const { kind, status, message } = classifyFailure(error);
        setDirect({ kind: 'failed', status, message, refused: kind === 'permanent' });
      },
    );
  }

  let view: SubmissionView = { kind: 'idle' };
  if (done) view = { kind: 'done' };
  else if (direct) view = direct;
  else if (refusal && refusal.id === current?.id)
    view = { kind: 'failed', status: refusal.status, message: refusal.message, refused: true };
  else if (current && !row && !current.seen) view = { kind: 'uploading', percent: 0 };
  else if (row?.state === 'uploading') view = { kind: 'uploading', percent: percent ?? 0 };
  else if (row?.state === 'failed')
    view = { kind: 'failed', status: row.lastStatus ?? 0, message: row.lastError ?? '', refused: true };
  // About to be claimed by the drainer: shown as the start of the upload rather than as a delay.
  else if (row && row.attempts === 0 && navigator.onLine) view = { kind: 'uploading', percent: 0 };
  else if (row) view = { kind: 'saved', retrying: row.attempts > 0 };
  return { view, submit, pending: view.kind === 'uploading' || view.kind === 'saved' };
}
