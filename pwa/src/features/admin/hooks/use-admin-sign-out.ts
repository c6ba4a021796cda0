import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { paths } from '../../../config/paths';
import { signOutOnServer } from '../api/admin-auth';
import { clearAdminId } from '../api/admin-session';

/** Forgets the admin on this device: the stored adminId and every answer held in memory. */
export function useForgetAdmin() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(
    async (reason?: 'expired') => {
      clearAdminId();
      await navigate(paths.adminLogin, { replace: true, state: reason ? { reason } : undefined });
      // After leaving, so the panel's queries are gone and do not refetch into the emptied cache.
      queryClient.clear();
    },
    [queryClient, navigate],
  );
}

/** Logout: ends the session on the server (the spec's only removed a local entry), then forgets it here. */
export function useAdminSignOut() {
  const forget = useForgetAdmin();
  const [signingOut, setSigningOut] = useState(false);

  async function signOut() {
    setSigningOut(true);
    try {
      await signOutOnServer();
    } catch {
      // Offline or already expired: this device still forgets the session, as asked.
    }
    await forget();
  }

  return { signOut, signingOut };
}
