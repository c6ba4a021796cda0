import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { priceCurrencies } from '../contracts/market';

export type UpstreamMode = 'ok' | 'error' | 'garbage' | 'not-a-list' | 'hang';

/** A CoinGecko-shaped coin, as the real API sends it (with fields we must not pass on). */
export const upstreamCoin = (rank: number) => ({
  id: `coin-${rank}`,
  symbol: `c${rank}`,
  name: `Coin ${rank}`,
  image: `https://images.example.com/coins/${rank}.png`,
  current_price: 1000 / rank,
  market_cap: 1_000_000_000 - rank * 1_000_000,
  market_cap_rank: rank,
  price_change_percentage_24h: rank % 2 === 0 ? -1.5 : 2.25,
  total_volume: 12345,
  ath: 99999,
});

export const upstreamBitcoinPrice = (currency: string) => 50_000 + priceCurrencies.indexOf(currency as never) * 1_000;

/** A real local HTTP server standing in for the coin-market API; the test flips its mode and counts calls. */
export async function startFakeMarketUpstream() {
  const state = {
    mode: 'ok' as UpstreamMode,
    coins: Array.from({ length: 100 }, (_, index) => upstreamCoin(index + 1)) as unknown[],
    calls: [] as URL[],
  };

  function answer(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://upstream.test');
    state.calls.push(url);
    if (state.mode === 'hang') return;
    if (state.mode === 'error') return send(res, 503, '{"status":"unavailable"}');
    if (state.mode === 'garbage') return send(res, 200, '<html>definitely not json');
    if (state.mode === 'not-a-list') return send(res, 200, '{"coins":"nope","bitcoin":{"usd":"lots"}}');
    if (url.pathname === '/api/v3/coins/markets') return send(res, 200, JSON.stringify(state.coins));
    if (url.pathname === '/api/v3/simple/price') {
      const currencies = (url.searchParams.get('vs_currencies') ?? '').split(',');
      const prices = Object.fromEntries(currencies.map((currency) => [currency, upstreamBitcoinPrice(currency)]));
      return send(res, 200, JSON.stringify({ bitcoin: prices }));
    }
    return send(res, 404, '{"error":"not found"}');
  }

  const server = createServer((req, res) => {
    // A little latency so concurrent callers really overlap the upstream call.
    setTimeout(() => answer(req, res), 50);
  });
  server.listen(0, '127.0.0.1');
  await new Promise((done) => server.once('listening', done));
  const { port } = server.address() as AddressInfo;

  return {
    baseUrl: `http://127.0.0.1:${port}/api/v3`,
    state,
    callsTo: (pathname: string) => state.calls.filter((url) => url.pathname === `/api/v3${pathname}`),
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((done) => server.close(() => done()));
    },
  };
}

function send(res: ServerResponse, status: number, body: string) {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(body);
}

export type FakeMarketUpstream = Awaited<ReturnType<typeof startFakeMarketUpstream>>;
