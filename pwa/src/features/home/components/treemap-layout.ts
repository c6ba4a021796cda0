import { hierarchy, treemap, treemapSquarify } from 'd3-hierarchy';
import type { MarketCoin } from '../api/get-market-coins';

export type TreemapTile = { coin: MarketCoin; x: number; y: number; width: number; height: number };

/** Unitless layout spaces; tiles are drawn in percentages, so the map scales. Phones get a taller map. */
export const WIDE_SIZE: TreemapSize = { width: 1000, height: 640 };
export const NARROW_SIZE: TreemapSize = { width: 600, height: 900 };
export type TreemapSize = { width: number; height: number };

/**
 * Squarified treemap with areas proportional to market cap, biggest first. No padding in the layout
 * (gaps are drawn with CSS), so a tile's area stays exactly proportional to its coin's market cap.
 */
export function layoutTreemap(coins: MarketCoin[], size: TreemapSize = WIDE_SIZE): TreemapTile[] {
  type Node = { coin?: MarketCoin; children?: Node[] };
  const root = hierarchy<Node>({ children: coins.filter((coin) => coin.market_cap > 0).map((coin) => ({ coin })) })
    .sum((node) => node.coin?.market_cap ?? 0)
    .sort((a, b) => (b.value ?? 0) - (a.value ?? 0));
  const laidOut = treemap<Node>().tile(treemapSquarify).size([size.width, size.height]).round(false)(root);
  return laidOut
    .leaves()
    .flatMap((leaf) =>
      leaf.data.coin
        ? [{ coin: leaf.data.coin, x: leaf.x0, y: leaf.y0, width: leaf.x1 - leaf.x0, height: leaf.y1 - leaf.y0 }]
        : [],
    );
}

const neutral = [0x46, 0x53, 0x5f];
const up = [0x1b, 0x6b, 0x35];
const down = [0xb3, 0x26, 0x1e];
const FULL_COLOUR_AT_PERCENT = 5;

/** Grey at 0 %, deepening to green (up) or red (down) at ±5 % (a big day for a large coin); all shades keep white text at AA contrast. */
export function changeColour(change: number | null): string {
  if (change === null || !Number.isFinite(change)) return `rgb(${neutral.join(', ')})`;
  const strength = Math.min(Math.abs(change) / FULL_COLOUR_AT_PERCENT, 1);
  const target = change >= 0 ? up : down;
  const mix = neutral.map((channel, index) => Math.round(channel + ((target[index] ?? channel) - channel) * strength));
  return `rgb(${mix.join(', ')})`;
}
