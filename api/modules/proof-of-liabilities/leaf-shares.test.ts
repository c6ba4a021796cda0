import { describe, expect, it } from 'vitest';
import { sampleTree } from '../../test/liability-trees';
import { separateSiblings, splitBalance } from './leaf-shares';

describe('balances split into random shares at random places', () => {
  it('splits a balance into two whole-cent shares adding up to it, neither the whole of 2 cents or more', () => {
    for (const cents of [0, 1, 2, 3, 100, 25050, 9_007_199_254_740_991]) {
      for (let run = 0; run < 50; run++) {
        const shares = splitBalance(cents);
        expect(shares).toHaveLength(2);
        expect(shares.every((share) => Number.isSafeInteger(share) && share >= 0)).toBe(true);
        expect(shares[0] + shares[1]).toBe(cents);
        if (cents >= 2) expect(shares).not.toContain(cents);
      }
    }
    expect(splitBalance(0)).toEqual([0, 0]);
    // Random: 200 splits of $250.50 are not all the same.
    expect(new Set(Array.from({ length: 200 }, () => splitBalance(25050)[0])).size).toBeGreaterThan(150);
  });

  it('never leaves two leaves of one investor side by side as siblings', () => {
    for (let run = 0; run < 200; run++) {
      const leaves = separateSiblings(['a', 'a', 'b', 'b', 'c', 'c'].map((user_id) => ({ user_id })));
      expect(leaves.map((leaf) => leaf.user_id).sort()).toEqual(['a', 'a', 'b', 'b', 'c', 'c']);
      for (let pair = 0; pair < leaves.length; pair += 2)
        expect(leaves[pair]!.user_id).not.toBe(leaves[pair + 1]!.user_id);
    }
  });

  it('never makes the first step of a path a neighbour’s exact balance, with only two investors', () => {
    for (let run = 0; run < 200; run++) {
      const tree = sampleTree(run, 2, { cents: (index) => [25050, 6000][index]! });
      for (const investor of [0, 1]) {
        const other = tree.balances[1 - investor]!;
        for (const leaf of tree.proof(investor).leaves) expect(leaf.path[0]!.sum).not.toBe(other);
      }
    }
  });
});
