import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from './api-client';
import { readPublicCopy, writePublicCopy } from './offline-copy';
import { builtInSiteName, operatorConfigKey } from './operator-config-deferred';

export { builtInContact, builtInSiteName } from './operator-config-deferred';

/** Operator content from GET /api/config (fictional placeholders by default). */
export type OperatorConfig = {
  siteName: string;
  supportEmail: string;
  supportPhone: string;
  postalAddress: string;
  wallets: Record<string, string>;
  chatWidgetScriptUrl: string;
  messagingLink: string;
  mapsApiKey: string;
  referralBonusRate: number;
  team: { manager: string; finance: string; analyst: string };
  marketingClaims: { creditLimit: string; cashBack: string };
};

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

export const operatorConfigQuery = () =>
  queryOptions({ queryKey: operatorConfigKey, queryFn: fetchOperatorConfig, staleTime: 5 * 60_000 });

/** `config` is undefined while loading or when it could not be loaded: callers hide what needs it. */
export function useOperatorConfig() {
  const query = useQuery(operatorConfigQuery());
  return { config: query.data, isLoading: query.isLoading, error: query.error };
}

/** The site name: the server's, else the one built in, else the generic fallback. */
export function useSiteName(fallback: string): string {
  const { config } = useOperatorConfig();
  return config?.siteName || builtInSiteName || fallback;
}
