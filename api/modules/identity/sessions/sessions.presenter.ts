import type { AccountSession } from '../../../contracts/answers';
import { readableAddress } from '../../../lib/readable-address';
import type { OpenSessionRow } from './sessions.repo';

const iso = (value: Date | null) => (value ? new Date(value).toISOString() : null);

/** One line of the sessions list; `current` marks the session asking. */
export const presentOpenSession = (row: OpenSessionRow, currentSessionId: string): AccountSession => ({
  id: row.id,
  userAgent: row.user_agent ?? '',
  ip: readableAddress(row.ip ?? ''),
  createdAt: iso(row.created_at),
  lastSeenAt: iso(row.last_seen_at ?? row.created_at),
  current: row.id === currentSessionId,
});
