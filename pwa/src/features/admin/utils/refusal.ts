import type { TFunction } from 'i18next';
import { ApiError } from '../../../lib/api-client';

/**
 * Why the server refused a payout action, in its own words where it gives a reason (400 with a field's message, 409
 * when the batch moved on, 422 when the coins, the signature or the node say no); offline and anything else in ours.
 */
export function refusalText(error: unknown, t: TFunction, fallback: string) {
  if (!(error instanceof ApiError)) return fallback;
  if (error.status === 0) return t('common.offline');
  if ([400, 409, 422].includes(error.status)) return Object.values(error.errors)[0] ?? error.message;
  return fallback;
}
