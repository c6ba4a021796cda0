import { QueryClient } from '@tanstack/react-query';
import { operatorConfigKey } from '../lib/operator-config/operator-config-deferred';
// Loaded up front: the header and footer import it lazily after their first render, which a short test outlives.
import { operatorConfigQuery, type OperatorConfig } from '../lib/operator-config/operator-config';

export const operatorConfigFixture: OperatorConfig = {
  siteName: 'Example Mining (demo)',
  supportEmail: 'help@example.com',
  supportPhone: '+1 555 0100',
  postalAddress: '1 Example Road',
  wallets: {},
  chatWidgetScriptUrl: '',
  messagingLink: '',
  mapsApiKey: '',
  referralBonusRate: 0.05,
  team: { manager: 'A (placeholder)', finance: 'B (placeholder)', analyst: 'C (placeholder)' },
  marketingClaims: { creditLimit: '', cashBack: '' },
};

/** A query client that already holds the operator config, so components render without the network. */
export function queryClientWithConfig(overrides: Partial<OperatorConfig> = {}) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  client.setQueryData(operatorConfigQuery(operatorConfigKey).queryKey, { ...operatorConfigFixture, ...overrides });
  return client;
}
