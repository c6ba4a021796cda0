import { describe, expect, it } from 'vitest';
import { sampleTree } from '../../test/liability-trees';
import { sha256 } from './tree-blocks';
import {
  buildLevels,
  checkProof,
  leafPreimage,
  pathOf,
  toHex,
  type LiabilityLeaf,
  type LiabilityProof,
} from '../../contracts/liability-tree';

const asyncSha256 = async (bytes: Uint8Array) => sha256(bytes);
const rootOf = (snapshotId: number, leaves: LiabilityLeaf[]) => {
  const levels = buildLevels(
    leaves.map((leaf) => ({ hash: sha256(leafPreimage(snapshotId, leaf)), sum: leaf.cents })),
    sha256,
  );
  return { levels, root: toHex(levels.at(-1)![0]!.hash), sum: levels.at(-1)![0]!.sum };
};

describe('the liability Merkle-sum tree', () => {
  it('matches a version 1 root computed by an independent implementation (Python hashlib)', () => {
    const { levels, root, sum } = rootOf(7, [
      { salt: '00112233445566778899aabbccddeeff', userKey: 'alice', cents: 12345 },
      { salt: 'ffeeddccbbaa99887766554433221100', userKey: 'bob', cents: 0 },
      { salt: '0f0f0f0f0f0f0f0f0f0f0f0f0f0f0f0f', userKey: 'carol', cents: 500000 },
    ]);
    expect(levels.map((level) => level.length)).toEqual([4, 2, 1]);
    expect(toHex(levels[0]![3]!.hash)).toBe('0'.repeat(64));
    expect(root).toBe('c59dd9d143a96b52f17a1671e728f1fd3cb3e4dee81de255424a9525846d0d2d');
    expect(sum).toBe(512345);
  });

  it('matches a version 2 root, with each balance in two parts, computed by Python hashlib too', () => {
    // The worked example of docs/proof-of-liabilities.md: alice $123.45 = 50.00 + 73.45, bob $0 = 0 + 0,
    // carol $5,000.00 = 1,234.56 + 3,765.44.
    const leaf = (salt: string, userKey: string, cents: number, part: number) => ({
      salt,
      userKey,
      cents,
      part,
      parts: 2,
    });
    const { levels, root, sum } = rootOf(9, [
      leaf('00112233445566778899aabbccddeeff', 'alice', 5000, 0),
      leaf('0f0f0f0f0f0f0f0f0f0f0f0f0f0f0f0f', 'carol', 123456, 0),
      leaf('ffeeddccbbaa99887766554433221100', 'bob', 0, 0),
      leaf('a0a1a2a3a4a5a6a7a8a9aaabacadaeaf', 'alice', 7345, 1),
      leaf('5555aaaa5555aaaa5555aaaa5555aaaa', 'carol', 376544, 1),
      leaf('0123456789abcdef0123456789abcdef', 'bob', 0, 1),
    ]);
    expect(root).toBe('15036c08e41c098075e988716b50cab769813f7a35225aee8f500093a886fd8e');
    expect(sum).toBe(512345);
    expect(pathOf(levels, 3)[1]).toEqual({
      hash: 'a983fc69f85a7315fc91f24c6d7d7f5bba1d05a14bb8ba524f555305f0c949fe',
      sum: 128456,
      side: 'left',
    });
  });

  it.each([1, 2, 3, 8, 37])(
    'proves every investor of %i by all their leaves, at least two summing to the balance',
    async (investors) => {
      const tree = sampleTree(11, investors);
      for (let investor = 0; investor < investors; investor++) {
        const proof = tree.proof(investor);
        expect(proof.leaves.length).toBeGreaterThanOrEqual(2);
        expect(proof.leaves.reduce((sum, leaf) => sum + leaf.cents, 0)).toBe(tree.balances[investor]);
        for (const leaf of proof.leaves) expect(leaf.path).toHaveLength(Math.ceil(Math.log2(2 * investors)));
        expect(await checkProof(proof, asyncSha256)).toEqual({ ok: true });
      }
    },
  );

  it('still proves a version 1 snapshot’s single leaf', async () => {
    const tree = sampleTree(11, 5, { version: 1 });
    expect(tree.proof(2).leaves).toHaveLength(1);
    expect(await checkProof(tree.proof(2), asyncSha256)).toEqual({ ok: true });
    expect((await checkProof({ ...tree.proof(2), version: 2 }, asyncSha256)).ok).toBe(false);
  });

  it('refuses a proof missing a leaf, with a tampered share, or with its leaves swapped or doubled', async () => {
    const tree = sampleTree(11, 37);
    const proof = tree.proof(5);
    const [first, second] = proof.leaves as [LiabilityProof['leaves'][0], LiabilityProof['leaves'][0]];
    const bad: LiabilityProof[] = [
      { ...proof, leaves: [first] },
      // Its own share as if it were the whole balance: part 0 of 1 is not what was hashed.
      { ...proof, leaves: [first], balanceCents: first.cents },
      { ...proof, leaves: [second], balanceCents: second.cents },
      { ...proof, version: 1, leaves: [first], balanceCents: first.cents },
      { ...proof, leaves: [first, { ...second, cents: second.cents + 1 }], balanceCents: proof.balanceCents + 1 },
      // A cent moved from one share to the other: the balance still adds up, the leaves no longer hash to the root.
      {
        ...proof,
        leaves: [
          { ...first, cents: first.cents + 1 },
          { ...second, cents: second.cents - 1 },
        ],
      },
      { ...proof, leaves: [second, first] },
      { ...proof, leaves: [first, second, first], balanceCents: proof.balanceCents + first.cents },
    ];
    for (const one of bad) expect((await checkProof(one, asyncSha256)).ok).toBe(false);
  });

  it('fails when a leaf’s salt or key changes, or a path comes from another snapshot', async () => {
    const tree = sampleTree(11, 37);
    const proof = tree.proof(5);
    const withFirst = (change: Partial<LiabilityProof['leaves'][0]>) => ({
      ...proof,
      leaves: [{ ...proof.leaves[0]!, ...change }, ...proof.leaves.slice(1)],
    });
    const salt = proof.leaves[0]!.salt;
    const tampered: LiabilityProof[] = [
      withFirst({ salt: `${salt.slice(0, -1)}${salt.endsWith('0') ? '1' : '0'}` }),
      { ...proof, userKey: 'user-6' },
      withFirst({ path: sampleTree(12, 37).proof(5).leaves[0]!.path }),
      // The same leaves under another snapshot id: the id is hashed into every leaf.
      { ...proof, snapshotId: 12 },
      withFirst({
        path: proof.leaves[0]!.path.map((step, index) => (index === 2 ? { ...step, sum: step.sum + 100 } : step)),
      }),
    ];
    for (const bad of tampered) expect((await checkProof(bad, asyncSha256)).ok).toBe(false);
  });

  it('refuses a total the paths do not add up to, a balance the leaves do not, and malformed steps', async () => {
    const proof = sampleTree(3, 4).proof(2);
    expect(await checkProof({ ...proof, totalCents: proof.totalCents + 1 }, asyncSha256)).toEqual({
      ok: false,
      reason: 'total',
    });
    expect(await checkProof({ ...proof, balanceCents: proof.balanceCents + 1 }, asyncSha256)).toEqual({
      ok: false,
      reason: 'balance',
    });
    const path = proof.leaves[1]!.path;
    for (const step of [
      { hash: 'zz', sum: 1, side: 'left' },
      { hash: path[0]!.hash, sum: -1, side: 'left' },
      { hash: path[0]!.hash, sum: 1.5, side: 'left' },
      { hash: path[0]!.hash, sum: 1, side: 'up' },
    ] as LiabilityProof['leaves'][0]['path']) {
      const leaves = [proof.leaves[0]!, { ...proof.leaves[1]!, path: [step, ...path.slice(1)] }];
      expect(await checkProof({ ...proof, leaves }, asyncSha256)).toEqual({ ok: false, reason: 'malformed' });
    }
    expect(await checkProof({ ...proof, leaves: undefined } as unknown as LiabilityProof, asyncSha256)).toEqual({
      ok: false,
      reason: 'malformed',
    });
  });

  it('gives a path whose sides say where each sibling sits', () => {
    const { levels } = sampleTree(1, 2);
    expect(pathOf(levels, 0).map((step) => step.side)).toEqual(['right', 'right']);
    expect(pathOf(levels, 3).map((step) => step.side)).toEqual(['left', 'left']);
  });
});
