import { QueryClientContext, QueryClientProvider } from '@tanstack/react-query';
import { useContext, type ReactNode } from 'react';
import { createQueryClient } from './query-client';

/**
 * The app's one query cache. This module (with TanStack Query's core, about 10 KB gzipped) loads with the first page
 * or section that queries, so the landing's first screen, which has no server data in it, renders without it.
 */
export const queryClient = createQueryClient();

/** Gives a lazily loaded page or section the app's query cache, unless a cache is already provided above it (tests). */
export function QueryProvider({ children }: { children: ReactNode }) {
  const provided = useContext(QueryClientContext);
  return provided ? children : <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
