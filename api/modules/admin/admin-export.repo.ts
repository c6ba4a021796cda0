import type { Knex } from 'knex';
import type { Db } from '../../db/connect';
import { availableBalancesQuery } from '../ledger/ledger.api';
import { auditLogQuery, type AuditFilter, type AuditRow } from './admin-reports.repo';
import { investorListColumns, investorsQuery, type InvestorListRow } from './admin-users.repo';

const batchSize = 500;
type Cursor = { cursor_at: string; id: string | number };

/**
 * Every row of a query, newest first, read in batches by keyset on (created_at, id): memory stays flat
 * however long the table, and rows added meanwhile neither repeat nor shift the rest. The cursor is
 * the timestamp as Postgres text, so its microseconds survive the round trip (a JS Date keeps ms).
 */
async function* newestFirst<Row extends Cursor>(
  db: Db,
  build: () => Knex.QueryBuilder,
  alias: string,
): AsyncGenerator<Row> {
  let after: Row | undefined;
  for (;;) {
    const query = build()
      .select(db.raw('??::text as cursor_at', [`${alias}.created_at`]))
      .orderBy([
        { column: `${alias}.created_at`, order: 'desc' },
        { column: `${alias}.id`, order: 'desc' },
      ])
      .limit(batchSize);
    if (after) query.whereRaw(`(${alias}.created_at, ${alias}.id) < (?::timestamptz, ?)`, [after.cursor_at, after.id]);
    const rows = (await query) as Row[];
    yield* rows;
    if (rows.length < batchSize) return;
    after = rows.at(-1);
  }
}

const dollars = (cents: number | string | null) => (cents === null ? '' : (Number(cents) / 100).toFixed(2));
const name = (row: { first_name: string | null; last_name: string | null }) =>
  [row.first_name, row.last_name].filter(Boolean).join(' ');

type Cents = number | string;
type Decided = {
  status: string;
  reject_reason: string | null;
  decided_at: Date | null;
  user_email: string | null;
  amount_cents: Cents;
  created_at: Date;
};
type ReceiptRow = Cursor &
  Decided & { id: string; coin: string | null; plan_name: string | null; duplicate_of: string | null };
type WithdrawalRow = Cursor &
  Decided & { id: string; method: string; address: string; tx_hash: string | null; available_cents: Cents };
type MessageRow = Cursor & {
  id: string;
  created_at: Date;
  full_name: string;
  email: string;
  budget: string;
  subject: string;
  message: string;
};
type AuditExportRow = Cursor & AuditRow & { id: string };

export type CsvTable = { header: string[]; rows: AsyncIterable<unknown[]> };

async function* mapRows<Row>(rows: AsyncIterable<Row>, toCells: (row: Row) => unknown[]) {
  for await (const row of rows) yield toCells(row);
}

export const exportQueries = {
  users: (db: Db, { search }: { search?: string }): CsvTable => ({
    header: ['id', 'name', 'email', 'country', 'joined', 'emailVerified', 'availableBalance'],
    rows: mapRows(
      newestFirst<InvestorListRow & Cursor>(db, () => investorsQuery(db, search).select(investorListColumns(db)), 'u'),
      (row) => [
        row.id,
        name(row),
        row.email,
        row.country,
        new Date(row.created_at),
        row.email_verified_at !== null,
        dollars(row.available_cents),
      ],
    ),
  }),

  receipts: (db: Db, { status }: { status?: string }): CsvTable => ({
    header: [
      'id',
      'uploaded',
      'userEmail',
      'amount',
      'coin',
      'plan',
      'status',
      'rejectReason',
      'decided',
      'duplicateOf',
    ],
    rows: mapRows(
      newestFirst<ReceiptRow>(
        db,
        () => {
          const query = db('deposits as d')
            .leftJoin('users as u', 'u.id', 'd.user_id')
            .join('receipt_files as f', 'f.id', 'd.receipt_file_id')
            .leftJoin('plans as p', 'p.id', 'd.plan_id')
            .select(
              'd.*',
              'u.email as user_email',
              'p.name as plan_name',
              db.raw(`(select d2.id from deposits d2 join receipt_files f2 on f2.id = d2.receipt_file_id
          where f2.sha256 = f.sha256 and (d2.created_at, d2.id) < (d.created_at, d.id) order by d2.created_at, d2.id limit 1) as duplicate_of`),
            );
          if (status) query.where('d.status', status);
          return query;
        },
        'd',
      ),
      (row) => [
        row.id,
        new Date(row.created_at),
        row.user_email ?? 'Unknown User',
        dollars(row.amount_cents),
        row.coin,
        row.plan_name,
        row.status,
        row.reject_reason,
        row.decided_at && new Date(row.decided_at),
        row.duplicate_of,
      ],
    ),
  }),

  withdrawals: (db: Db, { status }: { status?: string }): CsvTable => ({
    header: [
      'id',
      'requested',
      'userEmail',
      'amount',
      'method',
      'address',
      'status',
      'txHash',
      'rejectReason',
      'decided',
      'availableBalance',
    ],
    rows: mapRows(
      newestFirst<WithdrawalRow>(
        db,
        () => {
          const query = db('withdrawals as w')
            .leftJoin('users as u', 'u.id', 'w.user_id')
            .leftJoin(availableBalancesQuery(db).as('a'), 'a.user_id', 'w.user_id')
            .select('w.*', 'u.email as user_email', db.raw('coalesce(a.available_cents, 0) as available_cents'));
          if (status) query.where('w.status', status);
          return query;
        },
        'w',
      ),
      (row) => [
        row.id,
        new Date(row.created_at),
        row.user_email ?? 'Unknown User',
        dollars(row.amount_cents),
        row.method,
        row.address,
        row.status,
        row.tx_hash,
        row.reject_reason,
        row.decided_at && new Date(row.decided_at),
        dollars(row.available_cents),
      ],
    ),
  }),

  messages: (db: Db): CsvTable => ({
    header: ['id', 'received', 'fullName', 'email', 'budget', 'subject', 'message'],
    rows: mapRows(
      newestFirst<MessageRow>(db, () => db('contact_messages as m').select('m.*'), 'm'),
      (row) => [
        Number(row.id),
        new Date(row.created_at),
        row.full_name,
        row.email,
        row.budget,
        row.subject,
        row.message,
      ],
    ),
  }),

  auditLog: (db: Db, filter: AuditFilter): CsvTable => ({
    header: ['id', 'when', 'actorEmail', 'action', 'subjectType', 'subjectId', 'before', 'after'],
    rows: mapRows(
      newestFirst<AuditExportRow>(db, () => auditLogQuery(db, filter).select('l.*', 'u.email as actor_email'), 'l'),
      (row) => [
        Number(row.id),
        new Date(row.created_at),
        row.actor_email ?? (row.actor_id ? '' : 'System'),
        row.action,
        row.subject_type,
        row.subject_id,
        row.before,
        row.after,
      ],
    ),
  }),
};
