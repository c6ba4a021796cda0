#!/usr/bin/env node
// Checks a proof-of-liabilities proof file with nothing but Node.js (no dependencies, only node:crypto), so an
// investor need not trust the site's own page: `node scripts/verify-liability-proof.mjs proof.json [--root <hex>]`.
// Give --root the root hash published on /proof-of-liabilities (or anywhere else the operator published it): a proof
// file alone only shows that its balance is inside the root it names.
// The encoding mirrors api/contracts/liability-tree.ts:
//   leaf   = SHA-256(utf8(snapshotId) ‖ utf8(salt) ‖ utf8(userKey) ‖ u64be(cents)), sum = cents
//   parent = SHA-256(left.hash ‖ u64be(left.sum) ‖ right.hash ‖ u64be(right.sum)), sum = left.sum + right.sum
// Exit code 0: verified; 1: not verified; 2: the file cannot be read.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';

const sha256 = (...parts) => {
  const hash = createHash('sha256');
  for (const part of parts) hash.update(part);
  return hash.digest();
};

function u64be(value) {
  if (!Number.isSafeInteger(value) || value < 0) throw new Error(`not a whole number of cents: ${value}`);
  const bytes = Buffer.alloc(8);
  bytes.writeBigUInt64BE(BigInt(value));
  return bytes;
}

function hash32(hex) {
  if (typeof hex !== 'string' || !/^[0-9a-f]{64}$/.test(hex))
    throw new Error(`not a 32-byte lower-case hex hash: ${hex}`);
  return Buffer.from(hex, 'hex');
}

function text(value, name) {
  if (typeof value !== 'string' || value === '') throw new Error(`${name} is missing`);
  return Buffer.from(value, 'utf8');
}

/** Recomputes the root from the leaf and its path; throws on a malformed proof. */
function rootOf(proof) {
  const { snapshotId, leaf, path } = proof;
  if (!Number.isSafeInteger(snapshotId) || !leaf || !Array.isArray(path)) throw new Error('not a proof file');
  let hash = sha256(
    text(String(snapshotId), 'snapshotId'),
    text(leaf.salt, 'leaf.salt'),
    text(leaf.userKey, 'leaf.userKey'),
    u64be(leaf.cents),
  );
  let sum = leaf.cents;
  for (const step of path) {
    const sibling = hash32(step.hash);
    if (step.side === 'left') hash = sha256(sibling, u64be(step.sum), hash, u64be(sum));
    else if (step.side === 'right') hash = sha256(hash, u64be(sum), sibling, u64be(step.sum));
    else throw new Error(`a path step's side is 'left' or 'right', not ${step.side}`);
    sum += step.sum;
    u64be(sum);
  }
  return { root: hash.toString('hex'), sum };
}

function main(argv) {
  const [file, flag, publishedRoot] = argv;
  if (!file || (flag !== undefined && (flag !== '--root' || !publishedRoot))) {
    console.error('usage: node scripts/verify-liability-proof.mjs proof.json [--root <published root hash>]');
    return 2;
  }
  let proof;
  try {
    proof = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    console.error(`Cannot read ${file}: ${error.message}`);
    return 2;
  }
  let computed;
  try {
    computed = rootOf(proof);
  } catch (error) {
    console.error(`NOT VERIFIED: the proof is malformed (${error.message}).`);
    return 1;
  }
  const dollars = (cents) => `$${(cents / 100).toFixed(2)}`;
  if (computed.root !== proof.root) {
    console.error(
      `NOT VERIFIED: the leaf and path lead to root ${computed.root}, not to the proof's root ${proof.root}.`,
    );
    return 1;
  }
  if (computed.sum !== proof.totalCents) {
    console.error(
      `NOT VERIFIED: the path adds up to ${dollars(computed.sum)}, not to the stated total ${dollars(proof.totalCents)}.`,
    );
    return 1;
  }
  if (publishedRoot !== undefined && publishedRoot.toLowerCase() !== computed.root) {
    console.error(
      `NOT VERIFIED: the proof leads to root ${computed.root}, not to the published root ${publishedRoot}.`,
    );
    return 1;
  }
  console.log(
    `VERIFIED: ${dollars(proof.leaf.cents)} is included in the total of ${dollars(computed.sum)} of snapshot ${proof.snapshotId}, root ${computed.root}.`,
  );
  if (publishedRoot === undefined)
    console.log('Compare that root with the one published on the site (or pass it with --root).');
  return 0;
}

process.exitCode = main(process.argv.slice(2));
