import { execFile } from 'node:child_process';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import type { LiabilityProof } from '../../contracts/liability-tree';
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

  it('verifies a proof, against the published root too', async () => {
    const proof = tree.proof(257);
    const verified = await runVerifier(proof, '--root', tree.root);
    expect(verified.code).toBe(0);
    expect(verified.output).toContain(`VERIFIED: $${(proof.leaf.cents / 100).toFixed(2)} is included`);
  });

  it('catches a changed leaf, a path from another snapshot and a root that is not the published one', async () => {
    const proof = tree.proof(3);
    const tampered: LiabilityProof[] = [
      { ...proof, leaf: { ...proof.leaf, cents: proof.leaf.cents + 100 } },
      { ...proof, leaf: { ...proof.leaf, salt: 'a'.repeat(32) } },
      { ...proof, path: sampleTree(43, 300).proof(3).path },
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

  it('says so when the file is not a proof', async () => {
    expect((await runVerifier('not json')).code).toBe(2);
    expect(await runVerifier({ snapshotId: 1 })).toMatchObject({
      code: 1,
      output: expect.stringContaining('malformed'),
    });
  });
});
