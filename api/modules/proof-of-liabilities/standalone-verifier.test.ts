import { execFile } from 'node:child_process';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import type { LiabilityProof, ProofLeaf } from '../../contracts/liability-tree';
import { sampleTree } from '../../test/liability-trees';

const script = resolve(import.meta.dirname, '../../../scripts/verify-liability-proof.mjs');

/** Runs `node scripts/verify-liability-proof.mjs proof.json [...]` as an investor would, and its exit code. */
async function runVerifier(proof: unknown, ...args: string[]) {
  const file = join(await mkdtemp(join(tmpdir(), 'proof-')), 'proof.json');
  await writeFile(file, typeof proof === 'string' ? proof : JSON.stringify(proof));
  try {
    const { stdout } = await promisify(execFile)(process.execPath, [script, file, ...args]);
    return { code: 0, output: stdout };
  } catch (error) {
    const failed = error as { code: number; stderr: string };
    return { code: failed.code, output: failed.stderr };
  }
}

describe('the standalone verifier (scripts/verify-liability-proof.mjs)', () => {
  const tree = sampleTree(42, 300);

  it('verifies every leaf of a proof and adds them up, against the published root too', async () => {
    const proof = tree.proof(257);
    const [first, second] = proof.leaves.map((leaf) => `$${(leaf.cents / 100).toFixed(2)}`);
    const verified = await runVerifier(proof, '--root', tree.root);
    expect(verified.code).toBe(0);
    expect(verified.output).toContain(
      `VERIFIED: $${(proof.balanceCents / 100).toFixed(2)} is included in the total of $${(tree.totalCents / 100).toFixed(2)}`,
    );
    expect(verified.output).toContain(`(2 leaves of ${first} + ${second})`);
  });

  it('refuses a proof missing one leaf, or with a tampered share', async () => {
    const proof = tree.proof(3);
    const [first, second] = proof.leaves as [ProofLeaf, ProofLeaf];
    const bad: LiabilityProof[] = [
      { ...proof, leaves: [first] },
      // Its own share as if it were the whole balance: part 0 of 1 is not what was hashed.
      { ...proof, leaves: [first], balanceCents: first.cents },
      { ...proof, leaves: [second], balanceCents: second.cents },
      { ...proof, version: 1, leaves: [first], balanceCents: first.cents },
      { ...proof, leaves: [first, { ...second, cents: second.cents + 1 }], balanceCents: proof.balanceCents + 1 },
      {
        ...proof,
        leaves: [
          { ...first, cents: first.cents + 1 },
          { ...second, cents: second.cents - 1 },
        ],
      },
      { ...proof, balanceCents: proof.balanceCents + 1 },
      { ...proof, leaves: [second, first] },
    ];
    for (const one of bad) {
      const result = await runVerifier(one);
      expect(result.code).toBe(1);
      expect(result.output).toContain('NOT VERIFIED');
    }
  });

  it('catches a changed salt, a path from another snapshot and a root that is not the published one', async () => {
    const proof = tree.proof(3);
    const withFirst = (change: Partial<ProofLeaf>) => ({
      ...proof,
      leaves: [{ ...proof.leaves[0]!, ...change }, ...proof.leaves.slice(1)],
    });
    const tampered: LiabilityProof[] = [
      withFirst({ salt: 'a'.repeat(32) }),
      withFirst({ path: sampleTree(43, 300).proof(3).leaves[0]!.path }),
      { ...proof, totalCents: proof.totalCents - 1 },
    ];
    for (const bad of tampered) {
      const result = await runVerifier(bad);
      expect(result.code).toBe(1);
      expect(result.output).toContain('NOT VERIFIED');
    }
    const otherRoot = await runVerifier(proof, '--root', sampleTree(43, 300).root);
    expect(otherRoot).toMatchObject({ code: 1, output: expect.stringContaining('not to the published root') });
  });

  it('still verifies a proof file of a version 1 snapshot, also as downloaded before versions existed', async () => {
    const old = sampleTree(41, 5, { version: 1 });
    const proof = old.proof(2);
    const dollars = `$${(proof.balanceCents / 100).toFixed(2)}`;
    expect(await runVerifier(proof, '--root', old.root)).toMatchObject({
      code: 0,
      output: expect.stringContaining(`VERIFIED: ${dollars} is included`),
    });
    const { salt, cents, path } = proof.leaves[0]!;
    const { snapshotId, root, total, totalCents, userKey } = proof;
    const legacy = { snapshotId, root, total, totalCents, leaf: { salt, cents, userKey }, path };
    expect(await runVerifier(legacy, '--root', old.root)).toMatchObject({
      code: 0,
      output: expect.stringContaining(`VERIFIED: ${dollars} is included`),
    });
    expect(await runVerifier({ ...legacy, leaf: { ...legacy.leaf, cents: cents + 1 } })).toMatchObject({ code: 1 });
  });

  it('says so when the file is not a proof', async () => {
    expect((await runVerifier('not json')).code).toBe(2);
    for (const junk of [{ snapshotId: 1 }, { ...tree.proof(1), version: 3 }, { ...tree.proof(1), leaves: 'x' }]) {
      expect(await runVerifier(junk)).toMatchObject({ code: 1, output: expect.stringContaining('malformed') });
    }
  });
});
