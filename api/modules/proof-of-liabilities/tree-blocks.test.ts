import { describe, expect, it } from 'vitest';
import { pathOf, paddedSize } from '../../contracts/liability-tree';
import { sampleTree } from '../../test/liability-trees';
import { blockOf, leafNode, packUpperNodes, pathFromBlock } from './tree-blocks';

describe('proofs read from one block and the stored upper nodes', () => {
  it.each([
    [1, 1],
    [5, 1],
    [256, 1],
    [257, 1],
    [1000, 1],
    [300, 2],
  ] as const)(
    'give the same path as the whole tree for every leaf of %i investors, version %i',
    (investors, version) => {
      const tree = sampleTree(4, investors, { version });
      const count = tree.leaves.length;
      const upper = packUpperNodes(tree.levels);
      const padded = paddedSize(count);
      for (let position = 0; position < count; position += count > 300 ? 3 : 1) {
        const { first, last } = blockOf(position, padded);
        const block = tree.leaves.slice(first, last + 1).map((leaf) => leafNode(4, leaf));
        expect(pathFromBlock(position, padded, block, upper)).toEqual(pathOf(tree.levels, position));
      }
    },
  );

  it('stores about 80 bytes per 256 leaves, not the whole tree', () => {
    expect(packUpperNodes(sampleTree(1, 1000, { version: 1 }).levels).length).toBe((4 + 2 + 1) * 40);
  });
});
