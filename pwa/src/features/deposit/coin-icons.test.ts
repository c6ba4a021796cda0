import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { depositCoins } from './coins';

const publicDir = resolve(import.meta.dirname, '../../../../public');

describe('the shipped coin logos', () => {
  it.each(depositCoins.map((coin) => coin.symbol))(
    '%s.svg is drawn with shapes, not a font glyph (₿ is an empty box on phones without the font)',
    (symbol) => {
      const svg = readFileSync(resolve(publicDir, `coins/${symbol}.svg`), 'utf8');
      expect(svg).not.toMatch(/<text/);
      expect(svg).toMatch(/<path|<polygon/);
    },
  );
});
