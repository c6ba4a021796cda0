import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeCoins } from '../test/market-fixtures';
import type { MarketCoin } from '../api/get-market-coins';

const answer = (coins: MarketCoin[]) => ({ coins, asOf: new Date().toISOString(), live: true, source: 'cache' });

/** A landing page that came with these prices (api/modules/site/served-answers.ts), and the ticker reading it. */
async function tickerOnPageWith(coins: MarketCoin[] | undefined) {
  document.body.innerHTML = `<script type="application/json" id="served-answers">${JSON.stringify(
    coins ? { 'market-coins': answer(coins) } : {},
  )}</script>`;
  vi.resetModules();
  return (await import('./market-ticker')).MarketTicker;
}

const tickerItems = async () =>
  within(await screen.findByRole('region', { name: 'Crypto prices' })).getAllByRole('listitem');

describe('the landing’s ticker', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    document.body.innerHTML = '';
  });

  it('asks for the prices with one plain request when the page came without them, still without the query cache', async () => {
    const MarketTicker = await tickerOnPageWith(undefined);
    const prices = answer(makeCoins(20));
    const fetched = vi.fn(async () => Response.json(prices));
    vi.stubGlobal('fetch', fetched);
    // No query client anywhere: a query would throw.
    render(<MarketTicker />);
    expect(await tickerItems()).toHaveLength(20);
    expect(fetched).toHaveBeenCalledTimes(1);
    expect(fetched.mock.calls[0]).toEqual(['/api/market/coins', expect.anything()]);
    // Kept as if the page had come with them: the query cache starts from them when it takes over.
    const { servedAnswer } = await import('../../../lib/served-answers');
    expect(servedAnswer('market-coins')?.data).toEqual(prices);
  });

  it('hands over to the query cache when that request fails', async () => {
    const MarketTicker = await tickerOnPageWith(undefined);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('down', { status: 503 })),
    );
    const cache = new QueryClient();
    const saved = makeCoins(20).map((coin) => ({ ...coin, current_price: coin.current_price * 3 }));
    cache.setQueryData(['market', 'coins'], { data: answer(saved), savedAt: Date.now(), fromDevice: true });
    render(
      <QueryClientProvider client={cache}>
        <MarketTicker />
      </QueryClientProvider>,
    );
    expect((await tickerItems())[0]).toHaveTextContent('C1$3,000.00');
  });

  it('shows the prices the page came with, without the query cache', async () => {
    const MarketTicker = await tickerOnPageWith(makeCoins(20));
    // No query client anywhere: a query would throw.
    render(<MarketTicker />);
    expect(await tickerItems()).toHaveLength(20);
    expect((await tickerItems())[0]).toHaveTextContent('C1$1,000.00');
  });

  it('asks the query cache once the prices it came with are due for a refresh', async () => {
    const served = makeCoins(20);
    const MarketTicker = await tickerOnPageWith(served);
    // A visitor coming back to the landing two minutes after the page arrived.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 120_000);
    const cache = new QueryClient();
    const asked = served.map((coin) => ({ ...coin, current_price: coin.current_price * 2 }));
    cache.setQueryData(['market', 'coins'], { data: answer(asked), savedAt: Date.now(), fromDevice: false });
    render(
      <QueryClientProvider client={cache}>
        <MarketTicker />
      </QueryClientProvider>,
    );
    expect((await tickerItems())[0]).toHaveTextContent('C1$2,000.00');
  });
});
