import { queryOptions } from '@tanstack/react-query';
import { apiGet } from './api-client';
import { readPublicCopy, writePublicCopy } from './offline/public-copy';
import { servedInitialData } from './served-answers';
import type { OperatorConfig, operatorConfigKey } from './operator-config-deferred';

const CACHE_KEY = 'operator-config';

/** Online: the server's answer (also cached); offline: the last answer we saw. */
export async function fetchOperatorConfig(): Promise<OperatorConfig> {
  try {
    const config = await apiGet<OperatorConfig>('config');
    void writePublicCopy(CACHE_KEY, config);
    return config;
  } catch (error) {
    const cached = await readPublicCopy<OperatorConfig>(CACHE_KEY);
    if (cached) return cached.data;
    throw error;
  }
}

/** Takes the key from operator-config-deferred.ts, which loads this module lazily (so it cannot import it back). */
export const operatorConfigQuery = (queryKey: typeof operatorConfigKey) =>
  queryOptions({
    queryKey,
    queryFn: fetchOperatorConfig,
    staleTime: 5 * 60_000,
    ...servedInitialData<OperatorConfig>('operator-config'),
  });
