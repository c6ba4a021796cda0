import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeCoins } from '../test/market-fixtures';
import { PriceTicker } from './price-ticker';

describe('PriceTicker', () => {
  it('lists the top 20 coins once for screen readers, with a hidden copy for the seamless loop', () => {
    render(<PriceTicker coins={makeCoins()} />);
    const ticker = screen.getByRole('region', { name: 'Crypto prices' });
    const lists = ticker.querySelectorAll('ul');
    expect(lists).toHaveLength(2);
    expect(lists[1]).toHaveAttribute('aria-hidden', 'true');
    expect(within(ticker).getAllByRole('listitem')).toHaveLength(20);
    expect(within(ticker).getAllByRole('listitem')[0]).toHaveTextContent('C1$1,000.0024 h change -7.5%');
  });

  it('uses our own icon for accepted coins and a monogram for the rest', () => {
    const [first, second] = makeCoins(2);
    render(<PriceTicker coins={[{ ...first!, symbol: 'btc' }, { ...second!, symbol: 'xyz', image: '/coins/xyz.svg' }]} />);
    const items = within(screen.getByRole('region', { name: 'Crypto prices' })).getAllByRole('listitem');
    expect(items[0]!.querySelector('img')).toHaveAttribute('src', '/coins/btc.svg');
    expect(items[1]!.querySelector('img')).toBeNull();
    expect(items[1]).toHaveTextContent('XYZ');
  });

  it('lays its track out left to right in every language, so a right-to-left page does not push it off screen', () => {
    render(<PriceTicker coins={makeCoins(3)} />);
    expect(screen.getByRole('region', { name: 'Crypto prices' })).toHaveAttribute('dir', 'ltr');
  });

  it('scrolls at a steady speed whatever the number of coins', () => {
    render(<PriceTicker coins={makeCoins(10)} />);
    const track = screen.getByRole('region', { name: 'Crypto prices' }).firstElementChild as HTMLElement;
    expect(track.style.animationDuration).toBe('30s');
  });
});
