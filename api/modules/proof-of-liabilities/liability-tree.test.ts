import { describe, expect, it } from 'vitest';
import { sampleTree } from '../../test/liability-trees';
import { sha256 } from './tree-blocks';
import {
  buildLevels,
  checkProof,
  leafPreimage,
  pathOf,
  toHex,
  type LiabilityProof,
} from '../../contracts/liability-tree';

const asyncSha256 = async (bytes: Uint8Array) => sha256(bytes);

describe('the liability Merkle-sum tree', () => {
  it('matches a root computed by an independent implementation (Python hashlib) of the published encoding', () => {
    const leaves = [
      { salt: '00112233445566778899aabbccddeeff', userKey: 'alice', cents: 12345 },
      { salt: 'ffeeddccbbaa99887766554433221100', userKey: 'bob', cents: 0 },
      { salt: '0f0f0f0f0f0f0f0f0f0f0f0f0f0f0f0f', userKey: 'carol', cents: 500000 },
    ];
    const levels = buildLevels(
      leaves.map((leaf) => ({ hash: sha256(leafPreimage(7, leaf)), sum: leaf.cents })),
      sha256,
    );
    expect(levels.map((level) => level.length)).toEqual([4, 2, 1]);
    expect(toHex(levels[0]![3]!.hash)).toBe('0'.repeat(64));
    expect(toHex(levels[2]![0]!.hash)).toBe('c59dd9d143a96b52f17a1671e728f1fd3cb3e4dee81de255424a9525846d0d2d');
    expect(levels[2]![0]!.sum).toBe(512345);
  });

  it.each([1, 2, 3, 8, 37])('verifies the path of every leaf of a %i-leaf tree, of log2 length', async (count) => {
    const tree = sampleTree(11, count);
    for (let index = 0; index < count; index++) {
      const proof = tree.proof(index);
      expect(proof.path).toHaveLength(Math.ceil(Math.log2(count)));
      expect(await checkProof(proof, asyncSha256)).toEqual({ ok: true });
    }
  });

  it('fails when one leaf’s cents or salt changes, or a path comes from another snapshot', async () => {
    const tree = sampleTree(11, 37);
    const proof = tree.proof(5);
    const tampered: LiabilityProof[] = [
      { ...proof, leaf: { ...proof.leaf, cents: proof.leaf.cents + 1 } },
      {
        ...proof,
        leaf: { ...proof.leaf, salt: `${proof.leaf.salt.slice(0, -1)}${proof.leaf.salt.endsWith('0') ? '1' : '0'}` },
      },
      { ...proof, leaf: { ...proof.leaf, userKey: 'user-6' } },
      { ...proof, path: sampleTree(12, 37).proof(5).path },
      // The same leaves under another snapshot id: the id is hashed into every leaf.
      { ...proof, snapshotId: 12 },
      { ...proof, path: proof.path.map((step, index) => (index === 2 ? { ...step, sum: step.sum + 100 } : step)) },
    ];
    for (const bad of tampered) expect((await checkProof(bad, asyncSha256)).ok).toBe(false);
  });

  it('refuses a total that the path does not add up to, and malformed steps', async () => {
    const proof = sampleTree(3, 8).proof(2);
    expect(await checkProof({ ...proof, totalCents: proof.totalCents + 1 }, asyncSha256)).toEqual({
      ok: false,
      reason: 'total',
    });
    for (const step of [
      { hash: 'zz', sum: 1, side: 'left' },
      { hash: proof.path[0]!.hash, sum: -1, side: 'left' },
      { hash: proof.path[0]!.hash, sum: 1.5, side: 'left' },
      { hash: proof.path[0]!.hash, sum: 1, side: 'up' },
    ] as LiabilityProof['path']) {
      expect(await checkProof({ ...proof, path: [step, ...proof.path.slice(1)] }, asyncSha256)).toEqual({
        ok: false,
        reason: 'malformed',
      });
    }
  });

  it('gives a path whose sides say where each sibling sits', () => {
    const { levels } = sampleTree(1, 4);
    expect(pathOf(levels, 0).map((step) => step.side)).toEqual(['right', 'right']);
    expect(pathOf(levels, 3).map((step) => step.side)).toEqual(['left', 'left']);
  });
});
