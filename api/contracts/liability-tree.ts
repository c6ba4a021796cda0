/**
 * The Merkle-sum tree of a proof-of-liabilities snapshot, encoded so that anyone can recompute it. Pure code shared
 * by the API (which builds trees with node:crypto's synchronous SHA-256) and the PWA (which checks a path with
 * WebCrypto's asynchronous one); `scripts/verify-liability-proof.mjs` mirrors it with no dependencies. Changing a
 * byte here breaks every published proof: the encoding is the contract.
 *
 * Version 2 (`liability_snapshots.encoding`; snapshots taken before it stay version 1): each investor's balance is
 * split into `parts` (2) leaves of random whole-cent shares adding up to it, so a path's first step (the sibling leaf)
 * is a share, never a neighbour's balance.
 * - leaf: hash = SHA-256(utf8(snapshotId) ‖ utf8(salt) ‖ utf8(userKey) ‖ u64be(part) ‖ u64be(parts) ‖ u64be(cents)),
 *   sum = cents; `part` is the leaf's index among the investor's leaves (0-based), so a proof that leaves one out fails
 * - version 1 (one leaf per investor, the balance itself): hash = SHA-256(utf8(snapshotId) ‖ utf8(salt) ‖
 *   utf8(userKey) ‖ u64be(cents))
 * - parent: hash = SHA-256(left.hash ‖ u64be(left.sum) ‖ right.hash ‖ u64be(right.sum)), sum = left.sum + right.sum
 *   (the hashes as their 32 raw bytes)
 * - padding: the leaves of all investors are shuffled together (no two siblings of one investor) and padded to a power
 *   of two with zero leaves (hash = 32 zero bytes, sum = 0)
 * - JSON: hashes as lower-case hex, sums and cents as integers; a proof's `leaves[i]` is part i, with its own path
 * The full description, with a worked example, is docs/proof-of-liabilities.md.
 */

export interface TreeNode {
  hash: Uint8Array;
  sum: number;
}

/** One step of a path from a leaf up: the sibling, and on which side of the pair it sits. */
export interface PathStep {
  hash: string;
  sum: number;
  side: 'left' | 'right';
}

/** What a leaf's hash is taken of; `part` and `parts` only from version 2 on (both or neither). */
export interface LiabilityLeaf {
  salt: string;
  cents: number;
  userKey: string;
  part?: number;
  parts?: number;
}

export type TreeVersion = 1 | 2;

/** One of the investor's leaves in a proof, with the siblings from it up to the root. */
export interface ProofLeaf {
  salt: string;
  cents: number;
  path: PathStep[];
}

/** What GET /api/proof-of-liabilities/:id/my-proof answers, and what the downloaded proof file holds. */
export interface LiabilityProof {
  version: TreeVersion;
  snapshotId: number;
  root: string;
  total: number;
  totalCents: number;
  userKey: string;
  /** The investor's balance: the sum of their leaves. */
  balanceCents: number;
  /** Every leaf of the investor, part 0 first. */
  leaves: ProofLeaf[];
}

export const zeroHashHex = '0'.repeat(64);
export const zeroLeaf = (): TreeNode => ({ hash: new Uint8Array(32), sum: 0 });

const utf8 = new TextEncoder();

export const toHex = (bytes: Uint8Array) => Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');

export function fromHex(hex: string): Uint8Array {
  if (!/^([0-9a-f]{2})*$/.test(hex)) throw new Error('not lower-case hex');
  const bytes = new Uint8Array(hex.length / 2);
  for (let index = 0; index < bytes.length; index++) bytes[index] = parseInt(hex.slice(index * 2, index * 2 + 2), 16);
  return bytes;
}

function checkCents(cents: number) {
  if (!Number.isSafeInteger(cents) || cents < 0) throw new Error(`a sum must be a whole number of cents ≥ 0: ${cents}`);
}

/** u64 big-endian as two 32-bit halves: exact for every safe integer, and no BigInt per write. */
function setU64(view: DataView, offset: number, value: number) {
  view.setUint32(offset, Math.floor(value / 2 ** 32));
  view.setUint32(offset + 4, value >>> 0);
}

/** The bytes a leaf's hash is taken of (one allocation: a snapshot hashes 200,000 of them). */
export function leafPreimage(snapshotId: number | string, leaf: LiabilityLeaf) {
  checkCents(leaf.cents);
  const split = leaf.part !== undefined || leaf.parts !== undefined;
  if (split && !(Number.isSafeInteger(leaf.parts) && Number.isSafeInteger(leaf.part))) {
    throw new Error('a leaf has both part and parts, or neither');
  }
  if (split && (leaf.part! < 0 || leaf.part! >= leaf.parts!)) throw new Error('a leaf part is 0 ≤ part < parts');
  const text = `${snapshotId}${leaf.salt}${leaf.userKey}`;
  // UTF-8 takes at most 3 bytes per UTF-16 unit; encodeInto says how many it wrote.
  const room = new Uint8Array(text.length * 3 + (split ? 24 : 8));
  const length = utf8.encodeInto(text, room).written;
  const bytes = room.subarray(0, length + (split ? 24 : 8));
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (split) {
    setU64(view, length, leaf.part!);
    setU64(view, length + 8, leaf.parts!);
  }
  setU64(view, bytes.length - 8, leaf.cents);
  return bytes;
}

function writeParent(bytes: Uint8Array, view: DataView, left: TreeNode, right: TreeNode) {
  if (left.hash.length !== 32 || right.hash.length !== 32) throw new Error('a node hash is 32 bytes');
  checkCents(left.sum);
  checkCents(right.sum);
  bytes.set(left.hash, 0);
  setU64(view, 32, left.sum);
  bytes.set(right.hash, 40);
  setU64(view, 72, right.sum);
  return bytes;
}

/** The bytes a parent's hash is taken of. */
export function parentPreimage(left: TreeNode, right: TreeNode) {
  const bytes = new Uint8Array(80);
  return writeParent(bytes, new DataView(bytes.buffer), left, right);
}

export const paddedSize = (count: number) => (count <= 1 ? 1 : 2 ** Math.ceil(Math.log2(count)));

/**
 * Every level of the tree over `leaves` (level 0 the padded leaves, the last level the root alone), hashed with a
 * synchronous SHA-256 (the server's node:crypto) that does not keep its input. An empty tree is one zero leaf.
 */
export function buildLevels(leaves: TreeNode[], sha256: (bytes: Uint8Array) => Uint8Array): TreeNode[][] {
  const size = paddedSize(leaves.length);
  let level = [...leaves];
  while (level.length < size) level.push(zeroLeaf());
  const levels = [level];
  // One preimage buffer for all 100,000-odd parents (sha256 reads it before it is rewritten): no garbage per node.
  const scratch = new Uint8Array(80);
  const view = new DataView(scratch.buffer);
  while (level.length > 1) {
    const next: TreeNode[] = new Array(level.length / 2);
    for (let index = 0; index < next.length; index++) {
      const left = level[2 * index]!;
      const right = level[2 * index + 1]!;
      next[index] = { hash: sha256(writeParent(scratch, view, left, right)), sum: left.sum + right.sum };
    }
    levels.push(next);
    level = next;
  }
  return levels;
}

/** The siblings from leaf `index` up to (not including) the root. */
export function pathOf(levels: TreeNode[][], index: number): PathStep[] {
  const path: PathStep[] = [];
  let position = index;
  for (const level of levels.slice(0, -1)) {
    const sibling = level[position ^ 1]!;
    path.push({ hash: toHex(sibling.hash), sum: sibling.sum, side: position % 2 === 0 ? 'right' : 'left' });
    position >>= 1;
  }
  return path;
}

type Sha256 = (bytes: Uint8Array) => Uint8Array | Promise<Uint8Array>;

/** The root a leaf and its path lead to; throws on a malformed step (wrong hex, a negative or fractional sum). */
export async function rootFromPath(snapshotId: number | string, leaf: LiabilityLeaf, path: PathStep[], sha256: Sha256) {
  let node: TreeNode = { hash: await sha256(leafPreimage(snapshotId, leaf)), sum: leaf.cents };
  for (const step of path) {
    const sibling = { hash: fromHex(step.hash), sum: step.sum };
    if (sibling.hash.length !== 32) throw new Error('a path hash is 32 bytes');
    checkCents(sibling.sum);
    if (step.side !== 'left' && step.side !== 'right') throw new Error('a path side is left or right');
    const [left, right] = step.side === 'left' ? [sibling, node] : [node, sibling];
    node = { hash: await sha256(parentPreimage(left, right)), sum: left.sum + right.sum };
  }
  return { root: toHex(node.hash), sum: node.sum };
}

export type ProofCheck = { ok: true } | { ok: false; reason: 'root' | 'total' | 'balance' | 'malformed' };

/** The leaf hashed for `leaves[part]` of a proof: version 1 hashes no part. */
const proofLeaf = (proof: LiabilityProof, part: number): LiabilityLeaf => {
  const { salt, cents } = proof.leaves[part]!;
  const shares = proof.version === 2 ? { part, parts: proof.leaves.length } : {};
  return { salt, cents, userKey: proof.userKey, ...shares };
};

/**
 * Whether every leaf of a proof leads by its path to the proof's root and total, and the leaves add up to the
 * balance it states. Version 2 splits a balance into two leaves at least; version 1 has exactly one. Callers compare
 * `proof.root` with the root the operator published (the public list), so a proof cannot vouch for itself.
 */
export async function checkProof(proof: LiabilityProof, sha256: Sha256): Promise<ProofCheck> {
  try {
    const { version, leaves } = proof;
    if (!Array.isArray(leaves) || (version === 2 ? leaves.length < 2 : version !== 1 || leaves.length !== 1)) {
      return { ok: false, reason: 'malformed' };
    }
    if (typeof proof.userKey !== 'string' || !proof.userKey) return { ok: false, reason: 'malformed' };
    let balance = 0;
    for (let part = 0; part < leaves.length; part++) {
      const { path } = leaves[part]!;
      if (!Array.isArray(path)) return { ok: false, reason: 'malformed' };
      const { root, sum } = await rootFromPath(proof.snapshotId, proofLeaf(proof, part), path, sha256);
      if (root !== proof.root) return { ok: false, reason: 'root' };
      if (sum !== proof.totalCents) return { ok: false, reason: 'total' };
      balance += leaves[part]!.cents;
    }
    if (balance !== proof.balanceCents) return { ok: false, reason: 'balance' };
    return { ok: true };
  } catch {
    return { ok: false, reason: 'malformed' };
  }
}
