import { queryOptions } from '@tanstack/react-query';
import { apiGet } from '../api-client';
import { readPublicCopy, writePublicCopy } from '../offline/public-copy';
import { servedInitialData } from '../served-answers';

/** Operator content from GET /api/config (fictional placeholders by default). */
export type OperatorConfig = {
  siteName: string;
  supportEmail: string;
  supportPhone: string;
  postalAddress: string;
  wallets: Record<string, string>;
  /** Coins the operator's server watches on their chain: deposits in them are credited without a receipt. */
  onChainCoins?: string[];
  /** The withdrawal methods the server takes: the spec's three and the coin of every configured UTXO chain. */
  withdrawalMethods?: string[];
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

/**
 * Takes `operatorConfigKey` from its callers: operator-config-deferred.ts holds it and loads this module lazily, so
 * this module does not import it back.
 */
export const operatorConfigQuery = (queryKey: readonly ['operator-config']) =>
  queryOptions({
    queryKey,
    queryFn: fetchOperatorConfig,
    staleTime: 5 * 60_000,
    ...servedInitialData<OperatorConfig>('operator-config'),
  });
