import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { paths } from '../../config/paths';
import { isUnauthorized } from './is-unauthorized';
import { forgetPersonalData } from '../../lib/offline/forget-personal-data';

/**
 * Any investor request answered 401 (no session, expired, revoked elsewhere) clears what this device
 * knows about the person and goes to sign-in; pages need not handle it themselves.
 */
export function useUnauthorizedRedirect() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  useEffect(() => {
    let leaving = false;
    const leave = (error: unknown) => {
      if (leaving || !isUnauthorized(error)) return;
      leaving = true;
      // The stored session goes at once (the synchronous start of forgetPersonalData); sign-in shows nothing of
      // the person, so it need not wait for the device's copies to be cleared, which loads Dexie.
      void forgetPersonalData(queryClient);
      void navigate(paths.signIn, { replace: true });
    };
    const unsubscribeQueries = queryClient.getQueryCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error') leave(event.action.error);
    });
    const unsubscribeMutations = queryClient.getMutationCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error') leave(event.action.error);
    });
    // An answer that arrived before this effect ran.
    queryClient
      .getQueryCache()
      .getAll()
      .forEach((query) => leave(query.state.error));
    return () => {
      unsubscribeQueries();
      unsubscribeMutations();
    };
  }, [queryClient, navigate]);
}
