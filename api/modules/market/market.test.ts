import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { priceCurrencies } from '../../contracts/market';
import { startTestApp, type TestApp } from '../../test/test-app';
import {
  startFakeMarketUpstream,
  upstreamBitcoinPrice,
  upstreamCoin,
  type FakeMarketUpstream,
} from '../../test/fake-market-upstream';
import { createMarketService, retryAfterFailureMs } from './market.service';
import { upstreamTimeoutMs } from './market.upstream';

// As a browser revalidates: fetch() alone would add Cache-Control: no-cache, which forbids a 304.
const revalidate = (etag: string) => ({ 'if-none-match': etag, 'cache-control': 'max-age=0' });
const documentedFields = [
  'current_price',
  'id',
  'image',
  'market_cap',
  'name',
  'price_change_percentage_24h',
  'symbol',
];

describe('market data API', () => {
  let upstream: FakeMarketUpstream;
  let app: TestApp;

  beforeEach(async () => {
    upstream = await startFakeMarketUpstream();
    app = await startTestApp({ operator: { marketApiBaseUrl: upstream.baseUrl } });
  });
  afterEach(async () => {
    await app.close();
    await upstream.close();
  });

  const getCoins = () => app.client().get('/api/market/coins');

  it('answers the top 100 coins live, sorted by market cap, with only the documented fields', async () => {
    const malformed = [
      { ...upstreamCoin(500), id: '' },
      { ...upstreamCoin(501), current_price: '12.5' },
      { ...upstreamCoin(502), image: 'javascript:alert(1)' },
      { ...upstreamCoin(503), market_cap: null },
      'not a coin',
    ];
    upstream.state.coins = [...malformed, ...upstream.state.coins.slice().reverse(), upstreamCoin(101)];

    const response = await getCoins();

    expect(response.status).toBe(200);
    expect(response.body.live).toBe(true);
    expect(response.body.source).toBe('live');
    expect(Math.abs(Date.parse(response.body.asOf) - app.clock.now().getTime())).toBeLessThan(5_000);
    const coins = response.body.coins as Array<Record<string, unknown>>;
    expect(coins).toHaveLength(100);
    expect(coins.map((coin) => coin.id)).toEqual(Array.from({ length: 100 }, (_, index) => `coin-${index + 1}`));
    for (const coin of coins) expect(Object.keys(coin).sort()).toEqual(documentedFields);
    expect(coins[0]).toEqual({
      id: 'coin-1',
      name: 'Coin 1',
      symbol: 'c1',
      image: 'https://images.example.com/coins/1.png',
      current_price: 1000,
      price_change_percentage_24h: 2.25,
      market_cap: 999_000_000,
    });

    const [call] = upstream.callsTo('/coins/markets');
    expect(Object.fromEntries(call!.searchParams)).toEqual({
      vs_currency: 'usd',
      order: 'market_cap_desc',
      per_page: '100',
      page: '1',
      sparkline: 'false',
    });
  });

  it('sends an ETag, answers a matching If-None-Match with a bodiless 304, and a new one once the data changes', async () => {
    await getCoins();
    const cached = await getCoins();
    const etag = cached.headers.get('etag')!;
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(cached.headers.get('cache-control')).toBe('no-cache');
    const again = await app.client().get('/api/market/coins', { headers: revalidate(etag) });
    expect(again.status).toBe(304);
    expect(again.body).toBeUndefined();

    upstream.state.coins = [upstreamCoin(7)];
    app.clock.advance(60_001);
    await getCoins();
    const changed = await app.client().get('/api/market/coins', { headers: revalidate(etag) });
    expect(changed.status).toBe(200);
    expect(changed.headers.get('etag')).not.toBe(etag);
    expect(changed.body.coins.map((coin: { id: string }) => coin.id)).toEqual(['coin-7']);
  });

  it('serves a cached copy for 60 s, then asks the upstream again', async () => {
    const first = await getCoins();
    const second = await getCoins();
    expect(second.body).toMatchObject({ live: true, source: 'cache', asOf: first.body.asOf });
    expect(second.body.coins).toEqual(first.body.coins);
    expect(upstream.callsTo('/coins/markets')).toHaveLength(1);

    app.clock.advance(61_000);
    const third = await getCoins();
    expect(third.body).toMatchObject({ live: true, source: 'live' });
    expect(Date.parse(third.body.asOf)).toBeGreaterThan(Date.parse(first.body.asOf));
    expect(upstream.callsTo('/coins/markets')).toHaveLength(2);
  });

  it('coalesces 20 concurrent requests after expiry into one upstream call', async () => {
    await getCoins();
    app.clock.advance(61_000);

    const responses = await Promise.all(Array.from({ length: 20 }, () => getCoins()));

    expect(responses.map((response) => response.status)).toEqual(Array(20).fill(200));
    expect(new Set(responses.map((response) => response.body.asOf)).size).toBe(1);
    expect(responses.every((response) => response.body.live === true)).toBe(true);
    expect(upstream.callsTo('/coins/markets')).toHaveLength(2);
  });

  it('serves the last good copy, marked not live, while the upstream fails', async () => {
    const good = await getCoins();
    upstream.state.mode = 'error';
    app.clock.advance(61_000);

    const fallback = await getCoins();

    expect(fallback.status).toBe(200);
    expect(fallback.body).toMatchObject({ live: false, source: 'cache', asOf: good.body.asOf });
    expect(fallback.body.coins).toEqual(good.body.coins);
    expect(upstream.callsTo('/coins/markets')).toHaveLength(2);
  });

  it('shares the last good copy through the database with other replicas and restarts', async () => {
    const good = await getCoins();
    const otherReplica = createMarketService(app.deps);

    const shared = await otherReplica.topCoins();
    expect(shared).toMatchObject({ live: true, source: 'cache', asOf: new Date(good.body.asOf) });
    expect(upstream.callsTo('/coins/markets')).toHaveLength(1);

    upstream.state.mode = 'error';
    app.clock.advance(61_000);
    const restarted = createMarketService(app.deps);
    const fallback = await restarted.topCoins();
    expect(fallback).toMatchObject({ live: false, source: 'cache', asOf: new Date(good.body.asOf) });
    expect(fallback.payload).toEqual(good.body.coins);
  });

  it('gives a page the answer held without waiting, and refreshes ahead so steady traffic always finds a current one', async () => {
    const market = createMarketService(app.deps);
    // Nothing held: no answer for this page, and the refresh starts for the next.
    expect(market.topCoins.ifCurrent()).toBeUndefined();
    const first = await market.topCoins();
    expect(market.topCoins.ifCurrent()).toBe(await market.topCoins());
    expect(upstream.callsTo('/coins/markets')).toHaveLength(1);

    // Half-way through its life the answer is still served, and the next one is fetched meanwhile.
    app.clock.advance(31_000);
    expect(market.topCoins.ifCurrent()?.asOf).toEqual(first.asOf);
    await expect.poll(() => market.topCoins.ifCurrent()?.asOf.getTime()).toBeGreaterThan(first.asOf.getTime());
    expect(upstream.callsTo('/coins/markets')).toHaveLength(2);

    // A live answer past its life is never given to a page as current.
    app.clock.advance(61_000);
    expect(market.topCoins.ifCurrent()).toBeUndefined();

    // A fallback says it is not live: a page gets it at any age, and an outage costs no extra upstream calls.
    upstream.state.mode = 'error';
    await market.topCoins();
    const calls = upstream.callsTo('/coins/markets').length;
    app.clock.advance(retryAfterFailureMs / 2);
    expect(market.topCoins.ifCurrent()).toMatchObject({ live: false });
    expect(upstream.callsTo('/coins/markets')).toHaveLength(calls);
  });

  it('falls back to the bundled sample, marked not live, on a fresh database with a failing upstream', async () => {
    upstream.state.mode = 'error';

    const coins = await getCoins();
    const price = await app.client().get('/api/market/price?currency=usd');

    expect(coins.status).toBe(200);
    expect(coins.body).toMatchObject({ live: false, source: 'snapshot', asOf: '2026-01-01T00:00:00.000Z' });
    expect(coins.body.coins).toHaveLength(100);
    expect(coins.body.coins[0]).toMatchObject({ id: 'bitcoin', symbol: 'btc' });
    for (const coin of coins.body.coins) expect(Object.keys(coin).sort()).toEqual(documentedFields);
    expect(price.body).toMatchObject({
      currency: 'usd',
      live: false,
      source: 'snapshot',
      asOf: '2026-01-01T00:00:00.000Z',
    });
    expect(price.body.price).toBeGreaterThan(0);
  });

  it('retries the upstream a little later after a failure and goes live again', async () => {
    upstream.state.mode = 'error';
    expect((await getCoins()).body.source).toBe('snapshot');
    expect((await getCoins()).body.source).toBe('snapshot');
    expect(upstream.callsTo('/coins/markets')).toHaveLength(1);

    upstream.state.mode = 'ok';
    app.clock.advance(retryAfterFailureMs + 1_000);
    expect((await getCoins()).body).toMatchObject({ live: true, source: 'live' });
  });

  it('prices one bitcoin in each of the 15 currencies from one cached upstream answer', async () => {
    for (const currency of priceCurrencies) {
      const response = await app.client().get(`/api/market/price?currency=${currency}`);
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({ currency, price: upstreamBitcoinPrice(currency), live: true });
      expect(['live', 'cache']).toContain(response.body.source);
    }
    const calls = upstream.callsTo('/simple/price');
    expect(calls).toHaveLength(1);
    expect(calls[0]!.searchParams.get('ids')).toBe('bitcoin');
    expect(calls[0]!.searchParams.get('vs_currencies')!.split(',').sort()).toEqual([...priceCurrencies].sort());
  });

  it('refuses an unknown or missing currency with 400', async () => {
    const unknown = await app.client().get('/api/market/price?currency=xyz');
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors).toHaveProperty('currency');
    expect((await app.client().get('/api/market/price')).status).toBe(400);
    expect(upstream.state.calls).toHaveLength(0);
  });

  it('never answers 5xx when the upstream sends garbage', async () => {
    upstream.state.mode = 'garbage';
    const fromSample = await getCoins();
    expect(fromSample.status).toBe(200);
    expect(fromSample.body).toMatchObject({ live: false, source: 'snapshot' });
    const price = await app.client().get('/api/market/price?currency=eur');
    expect(price.status).toBe(200);
    expect(price.body).toMatchObject({ live: false, source: 'snapshot' });

    upstream.state.mode = 'ok';
    app.clock.advance(retryAfterFailureMs + 1_000);
    const good = await getCoins();
    upstream.state.mode = 'not-a-list';
    app.clock.advance(61_000);
    const fromLastGood = await getCoins();
    expect(fromLastGood.status).toBe(200);
    expect(fromLastGood.body).toMatchObject({ live: false, source: 'cache', asOf: good.body.asOf });
  });

  it(
    'gives up on a silent upstream after the timeout and serves the fallback',
    async () => {
      upstream.state.mode = 'hang';
      const started = Date.now();
      const response = await getCoins();
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({ live: false, source: 'snapshot' });
      expect(Date.now() - started).toBeLessThan(upstreamTimeoutMs + 3_000);
    },
    upstreamTimeoutMs + 10_000,
  );
});

describe('an unreachable market in the log', () => {
  it('is one line per back-off, saying what pages show, with no stack trace', async () => {
    // A port nothing listens on any more: the connection is refused, as with no network.
    const gone = await startFakeMarketUpstream();
    await gone.close();
    const logLines: string[] = [];
    const app = await startTestApp({ operator: { marketApiBaseUrl: gone.baseUrl }, logLines });
    try {
      const attempt = async () => expect((await app.client().get('/api/market/coins')).body.source).toBe('snapshot');
      await attempt();
      await attempt(); // held: no second try within the back-off
      app.clock.advance(retryAfterFailureMs + 1_000);
      await attempt();
      const warnings = logLines.map((line) => JSON.parse(line)).filter((entry) => entry.level === 40);
      expect(warnings.map((entry) => entry.msg)).toEqual([
        `coin prices: market unreachable, retrying in ${retryAfterFailureMs / 1000} s; pages show sample prices`,
        `coin prices: market unreachable, retrying in ${retryAfterFailureMs / 1000} s; pages show sample prices`,
      ]);
      expect(warnings[0]).toMatchObject({ kind: 'coins', reason: expect.stringContaining('unreachable') });
      expect(logLines.join('\n')).not.toMatch(/"err"|"stack"/);
    } finally {
      await app.close();
    }
  });
});
