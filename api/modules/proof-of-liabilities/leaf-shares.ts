import { randomInt } from 'node:crypto';

// How a snapshot turns balances into leaves that name no one's balance (api/contracts/liability-tree.ts, version 2).

/** The encoding new snapshots use, and into how many leaves it splits each balance (its code assumes two). */
export const encoding = { version: 2, leavesPerInvestor: 2 } as const;
// randomInt's widest range; a larger balance (over $2.8 trillion) is still split, just not uniformly.
const randomIntSpan = 2 ** 48 - 1;

/**
 * Two whole-cent shares adding up to `cents`, uniformly random, neither of them the whole balance when it is 2 or more
 * (so neither sibling of a leaf is a neighbour's exact balance); 0 splits as 0 + 0 and 1 as 0 + 1, in random order.
 */
export function splitBalance(cents: number): [number, number] {
  if (cents < 2) {
    const first = randomInt(cents + 1);
    return [first, cents - first];
  }
  const first = 1 + randomInt(Math.min(cents - 1, randomIntSpan));
  return [first, cents - first];
}

/** Fisher-Yates with node:crypto: where a leaf sits must not be predictable. */
export function shuffle<T>(items: T[]) {
  for (let index = items.length - 1; index > 0; index--) {
    const other = randomInt(index + 1);
    [items[index], items[other]] = [items[other]!, items[index]!];
  }
  return items;
}

/**
 * Moves apart the two leaves of one investor that the shuffle made siblings: their parent would be that investor's
 * exact balance, on the path of every leaf nearby. Any other pair holds none of that investor's leaves, so swapping
 * one of them with a random leaf of another pair makes no new such pair.
 */
export function separateSiblings<T extends { user_id: string }>(leaves: T[]) {
  if (leaves.length <= encoding.leavesPerInvestor) return leaves;
  for (let pair = 0; pair + 1 < leaves.length; pair += 2) {
    if (leaves[pair]!.user_id !== leaves[pair + 1]!.user_id) continue;
    let other = randomInt(leaves.length - 2);
    if (other >= pair) other += 2;
    [leaves[pair + 1], leaves[other]] = [leaves[other]!, leaves[pair + 1]!];
  }
  return leaves;
}
