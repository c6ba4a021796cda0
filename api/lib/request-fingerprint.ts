import { createHash } from 'node:crypto';
import { DomainError } from './domain-errors';

/** A stable digest of what a request asks for, to tell a true replay from a reused key. */
export function requestFingerprint(parts: Record<string, string | number | null | undefined>): string {
  const ordered = Object.keys(parts)
    .sort()
    .map((key) => [key, parts[key] ?? null]);
  return createHash('sha256').update(JSON.stringify(ordered)).digest('hex');
}

export const idempotencyKeyReused = () =>
  new DomainError('key-reused', 'This Idempotency-Key was already used for a different request');

/** A replay must match the first request; rows from before fingerprints existed (null) match anything. */
export function assertSameRequest(stored: string | null, fingerprint: string) {
  if (stored !== null && stored !== fingerprint) throw idempotencyKeyReused();
}
