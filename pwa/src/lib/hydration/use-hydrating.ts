import { useDeferredValue, useMemo, useSyncExternalStore } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';

const noSubscription = () => () => undefined;

/**
 * True while a page rendered at build time is rendered (no document) or hydrated: the render must then match the
 * HTML, so it may not read what only the browser knows (the query cache, the browser's own locale data). React
 * reads the server snapshot exactly then, and renders again with the browser's once hydration is done.
 */
export function useHydrating(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => false,
    () => true,
  );
}

/**
 * A query's result as the page's HTML was rendered (no data yet, loading) while it is hydrated, then the real one:
 * an answer that arrived before React reached this part (a header's request) would otherwise not match the HTML.
 * A new result is rendered in a deferred pass: the query cache tells React through an external store, which React
 * renders at once in one piece, so the landing's ticker, treemap and plan cards arriving together would block a
 * phone's main thread for a tenth of a second; deferred, React renders them in slices that yield to a tap.
 */
export function useResultAsRendered<TData, TError>(
  result: UseQueryResult<TData, TError>,
): UseQueryResult<TData, TError> {
  const hydrating = useHydrating();
  const rendered = useMemo(
    () => (hydrating ? ({ ...result, ...pending } as UseQueryResult<TData, TError>) : result),
    [hydrating, result],
  );
  return useDeferredValue(rendered);
}

/** A query's state before its first answer, as at build time. */
const pending = {
  data: undefined,
  error: null,
  status: 'pending',
  fetchStatus: 'fetching',
  isPending: true,
  isLoading: true,
  isFetching: true,
  isSuccess: false,
  isError: false,
  isLoadingError: false,
  isRefetchError: false,
  isPlaceholderData: false,
  isFetched: false,
  isFetchedAfterMount: false,
  dataUpdatedAt: 0,
  errorUpdatedAt: 0,
} as const;
