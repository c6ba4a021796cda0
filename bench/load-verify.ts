import { ledgerViolations } from '../api/modules/ledger/ledger.api';
import { liabilitySnapshotViolations } from '../api/modules/proof-of-liabilities/snapshot-check';
import { openDatabase, type LoadInvestor } from './load-investors';

export type WriteKind = 'receiptUpload' | 'planPurchase' | 'withdrawal';

/** One write the load sent: what identifies it in the database (investor, kind, amount) and what came of it. */
export interface WriteRecord {
  kind: WriteKind;
  userId: string;
  /** Unique per investor and kind (across runs in one process), so a doubled row is seen even when the answer never came. */
  amountCents: number;
  idempotencyKey: string;
  /** accepted: answered 2xx with `id`; refused: a final 4xx; failed: no answer, or a 5xx, after every retry. */
  outcome: 'accepted' | 'refused' | 'failed';
  id?: string;
  /** The last attempt's status or network error. */
  last: string;
  tries: number;
}

export interface WriteVerification {
  ok: boolean;
  /** Writes answered 2xx, per kind. */
  accepted: Record<WriteKind, number>;
  /** Answered 2xx but not in the database as answered (no row with the id, or not the investor's and amount). */
  lost: string[];
  /** More than one row for one write. */
  doubled: string[];
  /** Rows no write explains, or a refused write's row. */
  unexpected: string[];
  /** Writes that failed after every retry yet are in the database once: the investor never learnt they went through. */
  committedWithoutAnswer: number;
  /** Ledger transactions missing, doubled or orphaned for the run's rows; balances off; `npm run ledger:check`'s findings. */
  ledgerProblems: string[];
}

interface Row {
  id: string;
  user_id: string;
  amount_cents: string | number;
  status: string;
}

/** Where each kind of write lands, and the ledger transaction key it posts (none for a receipt until confirmed). */
const tables: Record<WriteKind, { table: string; ledgerKey?: (id: string) => string }> = {
  receiptUpload: { table: 'deposits' },
  planPurchase: { table: 'investments', ledgerKey: (id) => `investment:${id}` },
  withdrawal: { table: 'withdrawals', ledgerKey: (id) => `withdrawal-hold:${id}` },
};

const tagOf = (kind: string, userId: string, amountCents: number | string) =>
  `${kind} ${userId} ${Number(amountCents)}`;

/**
 * Checks, on the database, that every write the load was answered 2xx for is there exactly once (by the id the API
 * returned, and by its investor and amount, which are unique per write), that nothing else was written for the
 * run's investors, that each purchase and withdrawal posted its ledger transaction once and the balances follow,
 * and that `npm run ledger:check`'s checks hold (the same functions, on this database).
 */
export async function verifyAcceptedWrites(
  databaseUrl: string,
  report: { investors: LoadInvestor[]; writes: WriteRecord[] },
): Promise<WriteVerification> {
  const userIds = report.investors.map((investor) => investor.id);
  const fundingIds = report.investors.map((investor) => investor.fundingDepositId);
  const result: WriteVerification = {
    ok: false,
    accepted: { receiptUpload: 0, planPurchase: 0, withdrawal: 0 },
    lost: [],
    doubled: [],
    unexpected: [],
    committedWithoutAnswer: 0,
    ledgerProblems: [],
  };
  const writesByTag = new Map<string, WriteRecord>();
  for (const write of report.writes) {
    const tag = tagOf(write.kind, write.userId, write.amountCents);
    if (writesByTag.has(tag)) throw new Error(`two writes share the tag ${tag}: the generator's amounts must differ`);
    writesByTag.set(tag, write);
  }

  const db = openDatabase(databaseUrl);
  try {
    const rowsOf: Record<WriteKind, Row[]> = { receiptUpload: [], planPurchase: [], withdrawal: [] };
    for (const kind of Object.keys(tables) as WriteKind[]) {
      const query = db(tables[kind].table)
        .select<Row[]>('id', 'user_id', 'amount_cents', 'status')
        .whereRaw('user_id = any(?::uuid[])', [userIds]);
      // The funding deposits were seeded, not sent; an investment a confirmed deposit started is not a purchase.
      if (kind === 'receiptUpload') query.whereRaw('not (id = any(?::uuid[]))', [fundingIds]);
      if (kind === 'planPurchase') query.whereNull('deposit_id');
      rowsOf[kind] = await query;
    }

    const rowsByTag = new Map<string, Row[]>();
    for (const kind of Object.keys(rowsOf) as WriteKind[]) {
      for (const row of rowsOf[kind]) {
        const tag = tagOf(kind, row.user_id, row.amount_cents);
        rowsByTag.set(tag, [...(rowsByTag.get(tag) ?? []), row]);
        if (!writesByTag.has(tag)) result.unexpected.push(`${kind} ${row.id}: no write of the run sent it`);
      }
    }
    for (const [tag, write] of writesByTag) {
      const rows = rowsByTag.get(tag) ?? [];
      const named = `${write.kind} (key ${write.idempotencyKey}, ${write.outcome})`;
      if (rows.length > 1) result.doubled.push(`${named}: ${rows.length} rows ${rows.map((row) => row.id).join(', ')}`);
      if (write.outcome === 'accepted') {
        result.accepted[write.kind]++;
        if (!rows.some((row) => row.id === write.id))
          result.lost.push(`${named}: answered id ${write.id}, not in the database`);
      } else if (write.outcome === 'refused') {
        if (rows.length > 0) result.unexpected.push(`${named}: refused (${write.last}) but written as ${rows[0]!.id}`);
      } else if (rows.length > 0) result.committedWithoutAnswer++;
    }

    await checkLedger(db, report.investors, rowsOf, result.ledgerProblems);
    result.ledgerProblems.push(...(await ledgerViolations(db)), ...(await liabilitySnapshotViolations(db)));
  } finally {
    await db.destroy();
  }
  result.ok =
    result.lost.length === 0 &&
    result.doubled.length === 0 &&
    result.unexpected.length === 0 &&
    result.ledgerProblems.length === 0;
  return result;
}

async function checkLedger(
  db: ReturnType<typeof openDatabase>,
  investors: LoadInvestor[],
  rowsOf: Record<WriteKind, Row[]>,
  problems: string[],
) {
  const userIds = investors.map((investor) => investor.id);
  const posted = await db('ledger_transactions')
    .select<{ idempotency_key: string; kind: string }[]>('idempotency_key', 'kind')
    .whereRaw('subject_user_id = any(?::uuid[])', [userIds]);
  const postedKeys = new Set(posted.map((transaction) => transaction.idempotency_key));
  const expected = new Set<string>(investors.map((investor) => `deposit:${investor.fundingDepositId}`));
  for (const kind of Object.keys(tables) as WriteKind[]) {
    const ledgerKey = tables[kind].ledgerKey;
    for (const row of rowsOf[kind]) {
      // A receipt posts only once an admin confirms it.
      const key = ledgerKey ? ledgerKey(row.id) : row.status === 'confirmed' ? `deposit:${row.id}` : undefined;
      if (key) expected.add(key);
    }
  }
  // Keys are unique in the table, so "once" is "present", and nothing beside the expected ones.
  for (const key of expected) if (!postedKeys.has(key)) problems.push(`ledger transaction ${key} missing`);
  for (const { idempotency_key: key, kind } of posted)
    if (['deposit', 'investment', 'withdrawal_hold'].includes(kind) && !expected.has(key))
      problems.push(`ledger transaction ${key} matches no row of the run`);

  // While nothing matured, was decided or confirmed, each balance is the funding less the rows' amounts.
  const untouched =
    rowsOf.planPurchase.every((row) => row.status === 'active') &&
    rowsOf.withdrawal.every((row) => row.status === 'pending') &&
    rowsOf.receiptUpload.every((row) => row.status === 'pending');
  if (!untouched) return;
  const balances = await db('ledger_accounts')
    .select<{ owner_id: string; kind: string; balance: string }[]>('owner_id', 'kind', 'balance')
    .whereRaw('owner_id = any(?::uuid[])', [userIds]);
  const balance = (owner: string, kind: string) =>
    Number(balances.find((account) => account.owner_id === owner && account.kind === kind)?.balance ?? 0);
  const sumOf = (rows: Row[], owner: string) =>
    rows.filter((row) => row.user_id === owner).reduce((sum, row) => sum + Number(row.amount_cents), 0);
  for (const investor of investors) {
    const invested = sumOf(rowsOf.planPurchase, investor.id);
    const held = sumOf(rowsOf.withdrawal, investor.id);
    const want = { available: investor.fundedCents - invested - held, invested, pending_withdrawal: held };
    for (const [kind, cents] of Object.entries(want))
      if (balance(investor.id, kind) !== cents)
        problems.push(
          `${investor.email} ${kind}: ${balance(investor.id, kind)} cents in the ledger, ${cents} by its rows`,
        );
  }
}
