import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { paths } from '../../config/paths';
import { apiPost } from '../../lib/api-client';
import { forgetPersonalData } from './forget-personal-data';

/** Ends the session on the server, then forgets everything personal here and goes to sign-in. */
export function useSignOut() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [signingOut, setSigningOut] = useState(false);

  async function signOut() {
    setSigningOut(true);
    try {
      await apiPost('signout');
    } catch {
      // Offline or already expired: this device still forgets the session, which is what the person asked for.
    }
    await forgetPersonalData(queryClient);
    await navigate(paths.signIn, { replace: true });
  }

  return { signOut, signingOut };
}
