import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { adminMeQuery, useAdminMe } from '../api/admin-auth';
import { hasStatus, isSessionLost } from '../api/admin-keys';
import { useForgetAdmin } from './use-admin-sign-out';

/**
 * The shell's guard: GET /api/admin/me/:adminId checks the stored adminId against the session. 401/403
 * (no admin session) or 404 (a stale adminId) sends to /login; so does a 401 on any later request.
 */
export function useAdminGuard(adminId: string | null) {
  const queryClient = useQueryClient();
  const forget = useForgetAdmin();
  const me = useAdminMe(adminId);

  useEffect(() => {
    let leaving = false;
    const leave = (error: unknown, statuses: number[]) => {
      if (leaving || !hasStatus(error, ...statuses)) return;
      leaving = true;
      void forget('expired');
    };
    const meKey = JSON.stringify(adminMeQuery(adminId ?? '').queryKey);
    const unsubscribeQueries = queryClient.getQueryCache().subscribe((event) => {
      if (event.type !== 'updated' || event.action.type !== 'error') return;
      leave(event.action.error, JSON.stringify(event.query.queryKey) === meKey ? [401, 403, 404] : [401]);
    });
    const unsubscribeMutations = queryClient.getMutationCache().subscribe((event) => {
      // A mutation's 401 asking for a two-factor code keeps the session.
      if (event.type === 'updated' && event.action.type === 'error' && isSessionLost(event.action.error))
        leave(event.action.error, [401]);
    });
    // An answer that arrived before this effect ran.
    const settled = queryClient.getQueryState(adminMeQuery(adminId ?? '').queryKey);
    if (settled?.error) leave(settled.error, [401, 403, 404]);
    return () => {
      unsubscribeQueries();
      unsubscribeMutations();
    };
  }, [queryClient, forget, adminId]);

  return me;
}
