import type { QueryClient } from '@tanstack/react-query';
import { db } from './db';
import { discardOutbox } from '../outbox/runner';
import { forgetSavedCopyTimes } from './personal-copy';
import { clearSession } from '../session-store';

// Translations and public plan/market copies are the same for everyone; every other table (the outbox, the
// 'personal' copies of the profile and dashboard) is personal.
const sharedTables = new Set(['translations', 'publicData']);

type Options = {
  /**
   * 'delete' on sign-out (the person chose it, after being asked about unsent receipts). 'keep' when the
   * session merely expired (a 401): the receipts the investor saved offline stay, and are shown and sent
   * only when the same e-mail signs in again.
   */
  outbox?: 'keep' | 'delete';
};

/** Removes every personal record on this device: the stored user, personal Dexie tables, answers in memory. */
export async function forgetPersonalData(queryClient: QueryClient, { outbox = 'keep' }: Options = {}) {
  clearSession();
  forgetSavedCopyTimes();
  try {
    if (outbox === 'delete') await discardOutbox();
    const personal = db.tables.filter((table) => !sharedTables.has(table.name) && table.name !== 'outbox');
    await Promise.all(personal.map((table) => table.clear()));
  } catch {
    // IndexedDB unavailable (private mode): nothing was stored there either.
  }
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== 'operator-config' });
}
