#!/usr/bin/env node
// Checks a proof-of-liabilities proof file with nothing but Node.js (no dependencies, only node:crypto), so an
// investor need not trust the site's own page: `node scripts/verify-liability-proof.mjs proof.json [--root <hex>]`.
// Give --root the root hash published on /proof-of-liabilities (or anywhere else the operator published it): a proof
// file alone only shows that its balance is inside the root it names.
// The encoding mirrors api/contracts/liability-tree.ts (explained in docs/proof-of-liabilities.md):
//   version 2: each balance is split into leaves of random shares; the proof's leaves[i] is part i of n leaves
//     leaf = SHA-256(utf8(snapshotId) ‖ utf8(salt) ‖ utf8(userKey) ‖ u64be(i) ‖ u64be(n) ‖ u64be(cents)), sum = cents
//   version 1 (and proof files without a version, holding `leaf` and `path`): one leaf, the balance
//     leaf = SHA-256(utf8(snapshotId) ‖ utf8(salt) ‖ utf8(userKey) ‖ u64be(cents)), sum = cents
//   parent = SHA-256(left.hash ‖ u64be(left.sum) ‖ right.hash ‖ u64be(right.sum)), sum = left.sum + right.sum
// Every leaf's path must lead to the same root and total, and the leaves must add up to the balance the file states.
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

/** The proof as version, userKey, balanceCents and leaves, whichever version wrote it; throws when it is none. */
function readProof(proof) {
  if (!proof || !Number.isSafeInteger(proof.snapshotId)) throw new Error('not a proof file');
  if (proof.version === undefined && proof.leaf) {
    const { salt, cents, userKey } = proof.leaf;
    return { version: 1, userKey, balanceCents: cents, leaves: [{ salt, cents, path: proof.path }] };
  }
  const { version, userKey, balanceCents, leaves } = proof;
  if (version !== 1 && version !== 2) throw new Error(`unknown proof version ${version}`);
  if (!Array.isArray(leaves) || (version === 1 ? leaves.length !== 1 : leaves.length < 2)) {
    throw new Error(`a version ${version} proof has ${version === 1 ? 'one leaf' : 'two leaves or more'}`);
  }
  return { version, userKey, balanceCents, leaves };
}

/** Recomputes the root and total from one leaf (part `part` of `parts`) and its path; throws on a malformed step. */
function rootOf(snapshotId, userKey, leaf, part, parts, version) {
  if (!leaf || !Array.isArray(leaf.path)) throw new Error(`leaf ${part} has no path`);
  let hash = sha256(
    text(String(snapshotId), 'snapshotId'),
    text(leaf.salt, `leaves[${part}].salt`),
    text(userKey, 'userKey'),
    ...(version === 2 ? [u64be(part), u64be(parts)] : []),
    u64be(leaf.cents),
  );
  let sum = leaf.cents;
  for (const step of leaf.path) {
    const sibling = hash32(step.hash);
    if (step.side === 'left') hash = sha256(sibling, u64be(step.sum), hash, u64be(sum));
    else if (step.side === 'right') hash = sha256(hash, u64be(sum), sibling, u64be(step.sum));
    else throw new Error(`a path step's side is 'left' or 'right', not ${step.side}`);
    sum += step.sum;
    u64be(sum);
  }
  return { root: hash.toString('hex'), sum };
}

/** What is wrong with the proof, or undefined when every leaf leads to its root and total and they add up. */
function problemOf(proof, read, dollars) {
  let balance = 0;
  for (const [part, leaf] of read.leaves.entries()) {
    const { root, sum } = rootOf(proof.snapshotId, read.userKey, leaf, part, read.leaves.length, read.version);
    if (root !== proof.root)
      return `leaf ${part + 1} of ${read.leaves.length} and its path lead to root ${root}, not to the proof's root ${proof.root}.`;
    if (sum !== proof.totalCents)
      return `leaf ${part + 1}'s path adds up to ${dollars(sum)}, not to the stated total ${dollars(proof.totalCents)}.`;
    balance += leaf.cents;
  }
  if (balance !== read.balanceCents)
    return `the leaves add up to ${dollars(balance)}, not to the stated balance ${dollars(read.balanceCents)}.`;
  return undefined;
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
  const dollars = (cents) => `$${(cents / 100).toFixed(2)}`;
  let read;
  let problem;
  try {
    read = readProof(proof);
    problem = problemOf(proof, read, dollars);
  } catch (error) {
    console.error(`NOT VERIFIED: the proof is malformed (${error.message}).`);
    return 1;
  }
  if (problem) {
    console.error(`NOT VERIFIED: ${problem}`);
    return 1;
  }
  if (publishedRoot !== undefined && publishedRoot.toLowerCase() !== proof.root) {
    console.error(`NOT VERIFIED: the proof leads to root ${proof.root}, not to the published root ${publishedRoot}.`);
    return 1;
  }
  const count = read.leaves.length;
  console.log(
    `VERIFIED: ${dollars(read.balanceCents)} is included in the total of ${dollars(proof.totalCents)} of snapshot ${proof.snapshotId}, root ${proof.root}` +
      (count > 1 ? ` (${count} leaves of ${read.leaves.map((leaf) => dollars(leaf.cents)).join(' + ')}).` : '.'),
  );
  if (publishedRoot === undefined)
    console.log('Compare that root with the one published on the site (or pass it with --root).');
  return 0;
}

process.exitCode = main(process.argv.slice(2));
