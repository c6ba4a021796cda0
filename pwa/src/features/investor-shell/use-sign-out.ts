import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { paths } from '../../config/paths';
import { apiPost } from '../../lib/api-client';
import { countOutboxRows } from '../../lib/outbox';
import { forgetPersonalData } from './forget-personal-data';

/**
 * Ends the session on the server, then forgets everything personal here and goes to sign-in. Receipts still
 * waiting to upload would be deleted with the rest, so the person is asked first (pendingReceipts > 0).
 */
export function useSignOut() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [signingOut, setSigningOut] = useState(false);
  const [pendingReceipts, setPendingReceipts] = useState(0);

  async function confirmSignOut() {
    setPendingReceipts(0);
    setSigningOut(true);
    try {
      await apiPost('signout');
    } catch {
      // Offline or already expired: this device still forgets the session, which is what the person asked for.
    }
    await forgetPersonalData(queryClient, { outbox: 'delete' });
    await navigate(paths.signIn, { replace: true });
  }

  async function signOut() {
    const waiting = await countOutboxRows();
    if (waiting > 0) setPendingReceipts(waiting);
    else await confirmSignOut();
  }

  return { signOut, signingOut, pendingReceipts, confirmSignOut, cancelSignOut: () => setPendingReceipts(0) };
}
