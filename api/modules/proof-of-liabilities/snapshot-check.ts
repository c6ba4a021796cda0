import type { Knex } from 'knex';
import { pgIntMax } from '../../contracts/input-rules';
import { buildLevels, toHex } from '../../contracts/liability-tree';
import { liabilityRepo } from './proof-of-liabilities.repo';
import { leafNode, rowLeaf, sha256 } from './tree-blocks';

/**
 * What `npm run ledger:check` finds wrong with the latest liability snapshot: its leaves must rebuild its published
 * root and total, each investor must have the snapshot's number of leaves, and their leaves must add up to the
 * investor's balance in the ledger at the snapshot's point (the sum of their entries up to that transaction id), so
 * the total is every investor's money and nothing else.
 */
export async function liabilitySnapshotViolations(db: Knex): Promise<string[]> {
  const [latest] = await liabilityRepo.list(db, 1);
  if (!latest) return [];
  const problems: string[] = [];
  const name = `liability snapshot ${latest.id}`;
  const leaves = await liabilityRepo.leavesBetween(db, latest.id, 0, pgIntMax);
  const count = latest.investors * latest.leaves_per_investor;
  if (leaves.length !== count || leaves.some((leaf, index) => leaf.position !== index)) {
    problems.push(`${name}: ${leaves.length} leaves at positions other than 0..${count - 1}`);
  }
  const parts = new Map<string, number[]>();
  for (const leaf of leaves) parts.set(leaf.user_id, [...(parts.get(leaf.user_id) ?? []), leaf.part]);
  const unsplit = [...parts].filter(
    ([, own]) =>
      own.sort((a, b) => a - b).join() !== Array.from({ length: latest.leaves_per_investor }, (_, part) => part).join(),
  );
  if (unsplit.length) {
    problems.push(`${name}: investors without parts 0..${latest.leaves_per_investor - 1}: ${unsplit.length}`);
  }
  const levels = buildLevels(
    leaves.map((leaf) => leafNode(latest.id, rowLeaf(latest, leaf))),
    sha256,
  );
  const top = levels.at(-1)![0]!;
  if (toHex(top.hash) !== latest.root) problems.push(`${name}: its leaves do not rebuild its published root`);
  if (top.sum !== latest.total_cents) problems.push(`${name}: its leaves sum to ${top.sum}, not ${latest.total_cents}`);

  const rows = await liabilityRepo.leavesDifferingFromLedger(db, latest);
  if (rows.length) {
    problems.push(
      `${name}: leaves differing from the ledger at transaction ${latest.ledger_transaction_id}: ${JSON.stringify(
        rows.slice(0, 20),
      )}`,
    );
  }
  return problems;
}
