import { randomBytes } from 'node:crypto';
import type { AppDeps } from '../../app-deps';
import { buildLevels, paddedSize, toHex } from '../../contracts/liability-tree';
import { notFound } from '../../lib/domain-errors';
import { recordAudit } from '../audit/audit.api';
import { encoding, separateSiblings, shuffle, splitBalance } from './leaf-shares';
import { liabilityRepo, type LeafRow } from './proof-of-liabilities.repo';
import { blockOf, leafNode, packUpperNodes, pathFromBlock, rowLeaf, sha256 } from './tree-blocks';

type Deps = Pick<AppDeps, 'db' | 'clock'>;

/** A lock wait shorter than PostgreSQL's deadlock_timeout (1 s): the snapshot gives way, never a transfer. */
const lockWait = '800ms';
const lockAttempts = 10;

async function readLiabilities({ db }: Deps) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction(
        async (trx) => {
          await liabilityRepo.setLockTimeout(trx, lockWait);
          return liabilityRepo.liabilitiesAtOnePoint(trx);
        },
        { isolationLevel: 'repeatable read' },
      );
    } catch (error) {
      if ((error as { code?: string }).code !== '55P03' || attempt >= lockAttempts) throw error;
    }
  }
}

/**
 * Takes a snapshot: every investor's liability at one ledger point, split into two leaves of random shares of a
 * Merkle-sum tree (all leaves shuffled together, each with a fresh salt), stored with its root, total and the nodes
 * proofs need, and audited in the same transaction. `dailyKey` marks the daily job's snapshot (unique per day);
 * `adminId` an admin's.
 */
export async function takeSnapshot(deps: Deps, by: { adminId?: string; dailyKey?: string } = {}) {
  const { point, balances } = await readLiabilities(deps);
  const takenAt = deps.clock.now();
  return deps.db.transaction(async (trx) => {
    const id = await liabilityRepo.nextSnapshotId(trx);
    const keys = await liabilityRepo.userKeys(
      trx,
      balances.filter((balance) => !balance.userKey).map((balance) => balance.userId),
    );
    const shares = balances.flatMap((balance) => {
      const userKey = balance.userKey ?? keys.get(balance.userId)!;
      return splitBalance(balance.cents).map((cents, part) => ({
        user_id: balance.userId,
        user_key: userKey,
        part,
        cents,
      }));
    });
    // One hex string cut in 32-character salts: a Buffer per leaf costs about a second at 200,000 leaves.
    const salts = randomBytes(16 * shares.length).toString('hex');
    const leaves: LeafRow[] = separateSiblings(shuffle(shares)).map(({ user_id, user_key, part, cents }, position) => ({
      position,
      user_id,
      user_key,
      part,
      salt: salts.slice(position * 32, position * 32 + 32),
      cents,
    }));
    const tree = { encoding: encoding.version, leaves_per_investor: encoding.leavesPerInvestor };
    const levels = buildLevels(
      leaves.map((leaf) => leafNode(id, rowLeaf(tree, leaf))),
      sha256,
    );
    const top = levels.at(-1)![0]!;
    const snapshot = {
      id,
      ledger_transaction_id: point,
      root: toHex(top.hash),
      total_cents: top.sum,
      investors: balances.length,
      taken_at: takenAt,
      ...tree,
    };
    await liabilityRepo.insertSnapshot(trx, {
      ...snapshot,
      daily_key: by.dailyKey ?? null,
      taken_by: by.adminId ?? null,
      upper_nodes: packUpperNodes(levels),
    });
    await liabilityRepo.insertLeaves(trx, id, leaves);
    await recordAudit(trx, {
      actorId: by.adminId ?? null,
      action: 'liability_snapshot.create',
      subjectType: 'liability_snapshot',
      subjectId: String(id),
      after: {
        root: snapshot.root,
        totalCents: snapshot.total_cents,
        investors: snapshot.investors,
        ledgerTransactionId: point,
        ...(by.dailyKey && { dailyKey: by.dailyKey }),
      },
      at: takenAt,
    });
    return snapshot;
  });
}

/** The snapshots taken, newest first. */
export const listSnapshots = ({ db }: Deps) => liabilityRepo.list(db);

/** The investor's leaves in a snapshot, part 0 first, each with the siblings from it up to the root. */
export async function proofFor({ db }: Deps, snapshotId: number, userId: string) {
  const snapshot = await liabilityRepo.byId(db, snapshotId);
  if (!snapshot) throw notFound('Snapshot not found');
  const mine = await liabilityRepo.leavesOf(db, snapshotId, userId);
  if (!mine.length) throw notFound('You are not in this snapshot: it was taken before you had an account');
  const padded = paddedSize(snapshot.investors * snapshot.leaves_per_investor);
  const leaves = [];
  for (const leaf of mine) {
    const { first, last } = blockOf(leaf.position, padded);
    const block = await liabilityRepo.leavesBetween(db, snapshotId, first, last);
    const nodes = block.map((row) => leafNode(snapshotId, rowLeaf(snapshot, row)));
    leaves.push({ ...leaf, path: pathFromBlock(leaf.position, padded, nodes, snapshot.upper_nodes) });
  }
  return { snapshot, leaves };
}
