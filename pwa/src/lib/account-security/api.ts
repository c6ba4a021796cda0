import { queryOptions } from '@tanstack/react-query';
import { apiGet, apiPost, apiRequest } from '../api-client';
import type { AccountSession, TwoFactorStatus } from '../../../../api/contracts/answers';

export type { TwoFactorStatus, AccountSession };

// The caller's own two-factor settings and sessions: the same routes serve investors and admins.

export const accountSecurityKeys = {
  twoFactor: ['account-security', 'two-factor'] as const,
  sessions: ['account-security', 'sessions'] as const,
};

export const twoFactorStatusQuery = () =>
  queryOptions({ queryKey: accountSecurityKeys.twoFactor, queryFn: () => apiGet<TwoFactorStatus>('2fa') });

export const sessionsQuery = () =>
  queryOptions({
    queryKey: accountSecurityKeys.sessions,
    queryFn: async () => (await apiGet<{ sessions: AccountSession[] }>('sessions')).sessions,
  });

/** The secret comes only in this answer; it is never stored on the device. */
export const setupTwoFactor = () => apiPost<{ secret: string; otpauthUrl: string }>('2fa/setup');
export const enableTwoFactor = (code: string) => apiPost<{ recoveryCodes: string[] }>('2fa/enable', { code });
export const disableTwoFactor = (password: string, code: string) =>
  apiPost<{ message: string }>('2fa/disable', { password, code });
export const endSession = (id: string) =>
  apiRequest<{ message: string }>(`sessions/${encodeURIComponent(id)}`, { method: 'delete' });
export const endOtherSessions = () => apiPost<{ message: string }>('sessions/revoke-others');
/** The old recovery codes stop working once this answers. */
export const regenerateRecoveryCodes = (code: string) =>
  apiPost<{ recoveryCodes: string[] }>('2fa/recovery-codes', { code });
