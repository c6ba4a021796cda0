import type { QueryClient } from '@tanstack/react-query';
import { db } from '../../lib/db';
import { clearSession } from '../../lib/session-store';

// Translations and public plan/market copies are the same for everyone; every other table is personal.
const sharedTables = new Set(['translations', 'publicData']);

/** Removes every personal record on this device: the stored user, personal Dexie tables, answers in memory. */
export async function forgetPersonalData(queryClient: QueryClient) {
  clearSession();
  try {
    await Promise.all(db.tables.filter((table) => !sharedTables.has(table.name)).map((table) => table.clear()));
  } catch {
    // IndexedDB unavailable (private mode): nothing was stored there either.
  }
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== 'operator-config' });
}
