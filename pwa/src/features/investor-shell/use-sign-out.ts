import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { paths } from '../../config/paths';
import { countOutboxRows, type OutboxCounts } from '../../lib/outbox/queue';
import { forgetPersonalData } from '../../lib/offline/forget-personal-data';
import { signOutOnServer } from './api/sign-out';

/**
 * Ends the session on the server, then forgets everything personal here and goes to sign-in. Receipts and
 * profile edits still in the outbox would be deleted with the rest, so the person is asked first (pending).
 */
export function useSignOut() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [signingOut, setSigningOut] = useState(false);
  const [pending, setPending] = useState<OutboxCounts | null>(null);

  async function confirmSignOut() {
    setPending(null);
    setSigningOut(true);
    try {
      await signOutOnServer();
    } catch {
      // Offline or already expired: this device still forgets the session, which is what the person asked for.
    }
    await forgetPersonalData(queryClient, { outbox: 'delete' });
    await navigate(paths.signIn, { replace: true });
  }

  async function signOut() {
    const counts = await countOutboxRows();
    if (counts.receipts + counts.profileEdits > 0) setPending(counts);
    else await confirmSignOut();
  }

  return { signOut, signingOut, pending, confirmSignOut, cancelSignOut: () => setPending(null) };
}
