import { QueryClientContext, type QueryClient } from '@tanstack/react-query';
import { useCallback, useContext, useEffect, useState, useSyncExternalStore } from 'react';
import type { OperatorConfig } from './operator-config';
import { servedAnswer } from '../served-answers';
import { useHydrating } from '../hydration/use-hydrating';

/**
 * The operator config for the header, footer and chat button, which every public page renders first: they show
 * the values built into the bundle until React has hydrated, then the config the page came with (served-answers.ts).
 * Without one (a page the app rendered itself), the query cache and the request (TanStack Query, ky, the offline
 * copy) load after the first render, so none of it is in a first load. Same query key and cache as useOperatorConfig.
 */

/** One query key and cache for the operator config, whether read eagerly or after the first render. */
export const operatorConfigKey = ['operator-config'] as const;

/** The operator's name built into this bundle (vite.config.ts `define`): shown before /api/config answers, so nothing shifts. */
export const builtInSiteName: string = __OPERATOR_SITE_NAME__;
/** The support contact at build time, shown until GET /api/config answers (the header keeps its height). */
export const builtInContact: { supportEmail: string; supportPhone: string } = __OPERATOR_CONTACT__;

const noSubscription = () => () => undefined;

/**
 * `undefined` while hydrating, and until GET /api/config (or its offline copy) has answered when the page did not
 * come with the config; callers show the built-in values meanwhile.
 */
export function useDeferredOperatorConfig(): OperatorConfig | undefined {
  // The header sits outside every page's query provider: it reaches the app's cache once its module has loaded.
  const provided = useContext(QueryClientContext);
  const [loaded, setLoaded] = useState<QueryClient>();
  const client = provided ?? loaded;
  const served = servedAnswer<OperatorConfig>('operator-config')?.data;
  const hydrating = useHydrating();
  useEffect(() => {
    if (served && !provided) return undefined;
    let active = true;
    const found = provided
      ? Promise.resolve(provided)
      : import('../query-provider').then((module) => module.queryClient);
    void found.then(async (queryClient) => {
      if (!active) return;
      if (!provided) setLoaded(queryClient);
      const { operatorConfigQuery } = await import('./operator-config');
      await queryClient.prefetchQuery(operatorConfigQuery(operatorConfigKey));
    });
    return () => {
      active = false;
    };
  }, [provided, served]);
  const subscribe = useCallback(
    (onChange: () => void) => client?.getQueryCache().subscribe(onChange) ?? (() => undefined),
    [client],
  );
  const cached = useSyncExternalStore(
    client ? subscribe : noSubscription,
    () => client?.getQueryData<OperatorConfig>(operatorConfigKey),
    // Rendered at build time and hydrated: the built-in values, as on any first render before the answer.
    () => undefined,
  );
  return cached ?? (hydrating ? undefined : served);
}

/** The site name: the server's, else the one built in, else the generic fallback. */
export function useSiteName(fallback: string): string {
  return useDeferredOperatorConfig()?.siteName || builtInSiteName || fallback;
}
