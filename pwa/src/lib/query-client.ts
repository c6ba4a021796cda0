import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-error';

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        // Client errors will not improve by asking again.
        retry: (count, error) => !(error instanceof ApiError && error.status >= 400 && error.status < 500) && count < 2,
      },
      // Offline, a write fails at once and the form says it needs a connection; a paused one would spin, then fire
      // later unasked (ending sessions, an admin's decision). What should wait for the connection goes to the outbox.
      mutations: { networkMode: 'always' },
    },
  });
}
