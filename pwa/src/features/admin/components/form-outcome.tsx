import type { TFunction } from 'i18next';
import { ApiError } from '../../../lib/api-client';

export type Outcome = { tone: 'success' | 'error'; text: string };

/**
 * The spec's fixed message for a refused admin form ('Error adding admin'), plus the server's field
 * details shown by their fields; offline and rate limits are said as such.
 */
export function outcomeOf(
  error: unknown,
  fixedMessage: string,
  t: TFunction,
): { outcome: Outcome; fieldErrors: Record<string, string> } {
  if (error instanceof ApiError && error.status === 0)
    return { outcome: { tone: 'error', text: t('common.offline') }, fieldErrors: {} };
  if (error instanceof ApiError && error.status === 429)
    return { outcome: { tone: 'error', text: t('common.tooMany') }, fieldErrors: {} };
  return { outcome: { tone: 'error', text: fixedMessage }, fieldErrors: error instanceof ApiError ? error.errors : {} };
}

/** Success is announced politely, failure at once. */
export function FormOutcome({ outcome }: { outcome: Outcome | null }) {
  if (!outcome) return null;
  return (
    <p className={`admin-message admin-message--${outcome.tone}`} role={outcome.tone === 'error' ? 'alert' : 'status'}>
      {outcome.text}
    </p>
  );
}
