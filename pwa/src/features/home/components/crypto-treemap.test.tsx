import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeCoins } from '../test/market-fixtures';
import { CryptoTreemap } from './crypto-treemap';
import { changeColour } from './treemap-layout';

const percent = (value: string) => Number.parseFloat(value);
const area = (tile: HTMLElement) => percent(tile.style.width) * percent(tile.style.height);
const tiles = () => within(screen.getByRole('group', { name: 'Treemap of the top 100 coins' })).getAllByRole('button');
const details = () => screen.getByTestId('treemap-details');

describe('CryptoTreemap', () => {
  it('draws one tile per coin, 100 in all', () => {
    render(<CryptoTreemap coins={makeCoins()} />);
    expect(tiles()).toHaveLength(100);
  });

  it('sizes tiles by market cap: a bigger cap never gets a smaller tile, and areas are proportional', () => {
    const coins = makeCoins();
    // Shuffled input: the layout must order by market cap itself.
    render(<CryptoTreemap coins={[...coins].reverse()} />);
    const byCoin = new Map(tiles().map((tile) => [tile.dataset.coin, area(tile)]));
    const areasByCap = coins.map((coin) => byCoin.get(coin.id)!);
    for (let index = 1; index < areasByCap.length; index++) {
      expect(areasByCap[index]!).toBeLessThanOrEqual(areasByCap[index - 1]! + 1e-9);
    }
    const totalCap = coins.reduce((sum, coin) => sum + coin.market_cap, 0);
    const totalArea = areasByCap.reduce((sum, value) => sum + value, 0);
    expect(totalArea).toBeCloseTo(100 * 100, 3);
    expect(areasByCap[0]! / totalArea).toBeCloseTo(coins[0]!.market_cap / totalCap, 6);
    expect(areasByCap[99]! / totalArea).toBeCloseTo(coins[99]!.market_cap / totalCap, 9);
  });

  it('colours tiles by 24 h change: green up, red down, grey when unknown', () => {
    expect(changeColour(10)).toBe('rgb(27, 107, 53)');
    expect(changeColour(2.5)).toBe('rgb(49, 95, 74)');
    expect(changeColour(-25)).toBe('rgb(179, 38, 30)');
    expect(changeColour(null)).toBe('rgb(70, 83, 95)');
    expect(changeColour(0)).toBe('rgb(70, 83, 95)');
    render(<CryptoTreemap coins={makeCoins()} />);
    const first = tiles()[0]!;
    expect(first.style.background).toBe(changeColour(makeCoins()[0]!.price_change_percentage_24h));
  });

  it('shows a tile’s details on hover', () => {
    render(<CryptoTreemap coins={makeCoins()} />);
    expect(details()).toHaveTextContent('Point at a tile');
    fireEvent.mouseEnter(tiles()[2]!);
    expect(details()).toHaveTextContent('Coin 3');
    expect(details()).toHaveTextContent('$333.33');
  });

  it('has one tab stop and walks the tiles with the arrow keys, showing details', () => {
    render(<CryptoTreemap coins={makeCoins()} />);
    const all = tiles();
    expect(all.filter((tile) => tile.tabIndex === 0)).toHaveLength(1);
    expect(all[0]).toHaveAttribute('tabindex', '0');
    act(() => all[0]!.focus());
    expect(details()).toHaveTextContent('Coin 1');
    fireEvent.keyDown(all[0]!, { key: 'ArrowRight' });
    expect(document.activeElement).toBe(all[1]);
    expect(details()).toHaveTextContent('Coin 2');
    expect(all[1]).toHaveAttribute('tabindex', '0');
    expect(all[0]).toHaveAttribute('tabindex', '-1');
    fireEvent.keyDown(all[1]!, { key: 'End' });
    expect(document.activeElement).toBe(all[99]);
    expect(details()).toHaveTextContent('Coin 100');
    fireEvent.keyDown(all[99]!, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(all[99]);
    fireEvent.keyDown(all[99]!, { key: 'Home' });
    expect(document.activeElement).toBe(all[0]);
  });

  it('names every tile with its figures for screen readers', () => {
    render(<CryptoTreemap coins={makeCoins()} />);
    expect(tiles()[0]).toHaveAccessibleName(/^C1 \(Coin 1\): market cap \$2T, price \$1,000\.00, 24 h change -7\.5%$/);
  });
});
