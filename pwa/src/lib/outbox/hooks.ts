import { useQueryClient } from '@tanstack/react-query';
import { liveQuery } from 'dexie';
import { useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { isProfileRow, type OutboxRow, type ProfileOutboxRow, type ReceiptOutboxRow } from '../offline/db';
import { investorQueryKeys, invalidateInvestorData } from '../queries/investor';
import { normalizeOwner, outboxRowsFor } from './queue';
import {
  getOutboxOwner,
  getUploadProgress,
  onOutboxSent,
  onOutboxUnauthorized,
  outboxDrainer,
  resumeOutbox,
  setOutboxOwner,
  subscribeOutboxOwner,
  subscribeUploadProgress,
} from './runner';

/**
 * The tiny part of dexie-react-hooks we need: the rows of one owner, re-read whenever the outbox table
 * changes in this tab or another. undefined until the first answer; [] when IndexedDB is unavailable.
 */
export function useOutboxRows(owner: string | null): OutboxRow[] | undefined {
  const [state, setState] = useState<{ owner: string | null; rows: OutboxRow[] | undefined }>({
    owner,
    rows: undefined,
  });
  useEffect(() => {
    if (!owner) return;
    const subscription = liveQuery(() => outboxRowsFor(owner)).subscribe({
      next: (rows) => setState({ owner, rows }),
      error: () => setState({ owner, rows: [] }),
    });
    return () => subscription.unsubscribe();
  }, [owner]);
  if (!owner) return [];
  // Rows read for a previous owner are never shown to the next one.
  return state.owner === owner ? state.rows : undefined;
}

/** The owner's receipts only (the deposit page's queue). */
export function useReceiptRows(owner: string | null): ReceiptOutboxRow[] | undefined {
  const rows = useOutboxRows(owner);
  return useMemo(() => rows?.filter((row): row is ReceiptOutboxRow => !isProfileRow(row)), [rows]);
}

/** The owner's profile edits still on this device (the profile page shows them). */
export function useProfileRows(owner: string | null): ProfileOutboxRow[] | undefined {
  const rows = useOutboxRows(owner);
  return useMemo(() => rows?.filter(isProfileRow), [rows]);
}

/** Whose receipts this page shows and sends: set by the investor layout. */
export const useOutboxOwner = () => useSyncExternalStore(subscribeOutboxOwner, getOutboxOwner, () => null);

/** Percent sent of the row uploading in this tab, if any. */
export const useUploadProgress = (id: string) =>
  useSyncExternalStore(
    subscribeUploadProgress,
    () => getUploadProgress(id),
    () => undefined,
  );

/**
 * The investor layout runs this: it names the owner, replays at start and whenever the connection returns,
 * refreshes the investor's figures after each confirmed upload, and lets a 401 reach the session check.
 */
export function useOutboxRunner(signedInEmail: string | null) {
  const queryClient = useQueryClient();
  // Normalised first: the stored session and GET /api/session may spell the same address differently.
  const email = signedInEmail ? normalizeOwner(signedInEmail) : null;
  useEffect(() => {
    if (!email) return;
    setOutboxOwner(email);
    void resumeOutbox();
    const onOnline = () => void resumeOutbox();
    window.addEventListener('online', onOnline);
    const stopSent = onOutboxSent(() => void invalidateInvestorData(queryClient));
    // The session check (GET /api/session) then finds no session and the layout signs the person out.
    const stopUnauthorized = onOutboxUnauthorized(
      () => void queryClient.invalidateQueries({ queryKey: investorQueryKeys.userData }),
    );
    return () => {
      window.removeEventListener('online', onOnline);
      stopSent();
      stopUnauthorized();
      outboxDrainer.stop();
      setOutboxOwner(null);
    };
  }, [email, queryClient]);
}

/** How many of this page's owner's items are still to be sent by the replays (failed ones wait for the investor). */
export function useSendingCount(): number {
  const rows = useOutboxRows(useOutboxOwner()) ?? [];
  return rows.filter((row) => row.state !== 'failed').length;
}
