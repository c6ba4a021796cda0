import type { TFunction } from 'i18next';
import { ApiError } from '../api-client';

/** The server's account-security answers in the reader's language. */
export function securityErrorMessage(error: unknown, t: TFunction<'security'>) {
  if (!(error instanceof ApiError)) return t('failed');
  if (error.status === 0) return t('offline');
  if (error.status === 429) return t('tooMany');
  if (error.message === 'Invalid two-factor code' || error.message === 'Two-factor code required')
    return t('code.invalid');
  if (error.message === 'Current password is incorrect') return t('disable.wrongPassword');
  return t('failed');
}

/** "Chrome on Android" from a user agent: enough to recognise one's own device. */
export function describeUserAgent(userAgent: string, t: TFunction<'security'>) {
  const browser = [
    ['Edg/', 'Edge'],
    ['OPR/', 'Opera'],
    ['Firefox/', 'Firefox'],
    ['Chrom', 'Chrome'],
    ['Safari/', 'Safari'],
  ].find(([marker]) => userAgent.includes(marker!))?.[1];
  const system = [
    ['Android', 'Android'],
    ['iPhone', 'iOS'],
    ['iPad', 'iOS'],
    ['Windows', 'Windows'],
    ['Mac OS X', 'macOS'],
    ['Linux', 'Linux'],
  ].find(([marker]) => userAgent.includes(marker!))?.[1];
  if (!browser && !system) return t('sessions.unknownDevice');
  return system ? t('sessions.browserOn', { browser: browser ?? '?', system }) : browser!;
}
