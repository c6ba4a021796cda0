import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeCoins } from '../test/market-fixtures';
import { PriceTicker } from './price-ticker';
import { tickerFreshness } from './ticker-freshness';

describe('PriceTicker', () => {
  it('lists the top 20 coins once for screen readers, with a hidden copy for the seamless loop', () => {
    render(<PriceTicker coins={makeCoins()} freshness="live" />);
    const ticker = screen.getByRole('region', { name: 'Crypto prices' });
    const lists = ticker.querySelectorAll('ul');
    expect(lists).toHaveLength(2);
    expect(lists[1]).toHaveAttribute('aria-hidden', 'true');
    expect(within(ticker).getAllByRole('listitem')).toHaveLength(20);
    expect(within(ticker).getAllByRole('listitem')[0]).toHaveTextContent('C1$1,000.0024 h change -7.5%');
  });

  it('uses our own icon for accepted coins and a monogram for the rest', () => {
    const [first, second] = makeCoins(2);
    render(
      <PriceTicker
        coins={[
          { ...first!, symbol: 'btc' },
          { ...second!, symbol: 'xyz', image: '/coins/xyz.svg' },
        ]}
        freshness="live"
      />,
    );
    const items = within(screen.getByRole('region', { name: 'Crypto prices' })).getAllByRole('listitem');
    expect(items[0]!.querySelector('img')).toHaveAttribute('src', '/coins/btc.svg');
    expect(items[1]!.querySelector('img')).toBeNull();
    expect(items[1]).toHaveTextContent('XYZ');
  });

  it('lays its track out left to right in every language, so a right-to-left page does not push it off screen', () => {
    render(<PriceTicker coins={makeCoins(3)} freshness="live" />);
    expect(screen.getByRole('region', { name: 'Crypto prices' })).toHaveAttribute('dir', 'ltr');
  });

  it('scrolls at a steady speed whatever the number of coins', () => {
    render(<PriceTicker coins={makeCoins(10)} freshness="live" />);
    const track = screen.getByRole('region', { name: 'Crypto prices' }).querySelector<HTMLElement>('.ticker__track')!;
    expect(track.style.animationDuration).toBe('30s');
  });

  it.each([
    ['sample', 'Sample prices'],
    ['saved', 'Saved copy'],
    ['delayed', 'Delayed prices'],
  ] as const)('labels %s prices on the strip, outside the moving track', (freshness, label) => {
    render(<PriceTicker coins={makeCoins(3)} freshness={freshness} />);
    const ticker = screen.getByRole('region', { name: 'Crypto prices' });
    const badge = within(ticker).getByText(label);
    expect(badge.closest('.ticker__track')).toBeNull();
  });

  it('says nothing extra about live prices', () => {
    render(<PriceTicker coins={makeCoins(3)} freshness="live" />);
    expect(screen.getByRole('region', { name: 'Crypto prices' }).querySelector('.ticker__freshness')).toBeNull();
  });
});

describe('tickerFreshness', () => {
  const answer = (live: boolean, source: 'live' | 'cache' | 'snapshot', fromDevice = false) => ({
    data: { coins: makeCoins(1), asOf: '2026-01-01T00:00:00.000Z', live, source },
    savedAt: 0,
    fromDevice,
  });

  it('tells sample, saved, delayed and live prices apart, the sample first', () => {
    expect(tickerFreshness(answer(false, 'snapshot'))).toBe('sample');
    expect(tickerFreshness(answer(false, 'snapshot', true))).toBe('sample');
    expect(tickerFreshness(answer(true, 'live', true))).toBe('saved');
    expect(tickerFreshness(answer(false, 'cache'))).toBe('delayed');
    expect(tickerFreshness(answer(true, 'live'))).toBe('live');
  });
});
