import { chainsSchema } from '../config/chains';
import { startFakeMarketUpstream, upstreamCoin, type FakeMarketUpstream } from './fake-market-upstream';
import { startTestApp, type TestApp } from './test-app';

/** USD prices the fake coin-market API answers, by market id. */
export const testPrices: Record<string, number> = {
  ethereum: 2000,
  litecoin: 80,
  bitcoin: 50_000,
  'shiba-inu': 0.00001234,
};

export function setTestPrices(upstream: FakeMarketUpstream, prices: Record<string, number> = testPrices) {
  upstream.state.coins = Object.entries(prices).map(([id, price], index) => ({
    ...upstreamCoin(index + 1),
    id,
    current_price: price,
  }));
}

/** A test app whose operator config watches `chains` (defaults filled in as the config loader would), over a fake market. */
export async function startChainApp(
  chains: unknown,
  options: { prices?: Record<string, number>; env?: Record<string, string> } = {},
) {
  const upstream = await startFakeMarketUpstream();
  setTestPrices(upstream, options.prices);
  const app: TestApp = await startTestApp({
    env: { RATE_LIMITS: 'off', ...options.env },
    operator: { chains: chainsSchema.parse(chains), marketApiBaseUrl: upstream.baseUrl },
  });
  return {
    app,
    upstream,
    async close() {
      await app.close();
      await upstream.close();
    },
  };
}
