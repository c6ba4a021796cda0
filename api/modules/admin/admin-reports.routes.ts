import { z } from 'zod';
import type { AppDeps } from '../../app-deps';
import { pageNumber, pageSize } from '../../contracts/input-rules';
import { centsToDollars } from '../../contracts/money';
import type { ApiRouter } from '../../lib/routing';
import { parseOrThrow } from '../../lib/validate';

const pageQuery = z.object({
  page: pageNumber,
  pageSize: pageSize(200, 50),
});

const countAndSum = (rows: { status: string; count: number; sum: number }[], status: string) => {
  const row = rows.find((candidate) => candidate.status === status);
  return { count: Number(row?.count ?? 0), amount: centsToDollars(Number(row?.sum ?? 0)) };
};

export function registerAdminReportRoutes(api: ApiRouter, { db, clock }: AppDeps) {
  api.add('get', '/api/admin/stats', 'admin', async (ctx) => {
    const byStatus = (table: string) =>
      db(table).groupBy('status').select<{ status: string; count: number; sum: number }[]>(
        'status', db.raw('count(*)::int as count'), db.raw('coalesce(sum(amount_cents), 0)::bigint as sum'),
      );
    const now = clock.now();
    const [users, deposits, withdrawals, held, due] = await Promise.all([
      db('users').where({ role: 'investor' }).count<{ count: number }[]>('* as count').first(),
      byStatus('deposits'),
      byStatus('withdrawals'),
      db('ledger_accounts').whereNotNull('owner_id').sum<{ sum: number }[]>('balance as sum').first(),
      db('investments').where({ status: 'active' }).where('matures_at', '<=', new Date(now.getTime() + 86_400_000))
        .first<{ count: number; sum: number }>(db.raw('count(*)::int as count'), db.raw('coalesce(sum(expected_return_cents - amount_cents), 0)::bigint as sum')),
    ]);
    ctx.body = {
      users: Number(users?.count ?? 0),
      deposits: { pending: countAndSum(deposits, 'pending'), confirmed: countAndSum(deposits, 'confirmed') },
      withdrawals: { pending: countAndSum(withdrawals, 'pending'), paid: countAndSum(withdrawals, 'paid') },
      fundsHeld: centsToDollars(Number(held?.sum ?? 0)),
      returnsDueIn24h: { count: Number(due?.count ?? 0), amount: centsToDollars(Number(due?.sum ?? 0)) },
    };
  });

  api.add('get', '/api/admin/audit-log', 'admin', async (ctx) => {
    const { page, pageSize } = parseOrThrow(pageQuery, ctx.query);
    const rows = await db('audit_log as l')
      .leftJoin('users as u', 'u.id', 'l.actor_id')
      .select('l.*', 'u.email as actor_email', db.raw('count(*) over () as total'))
      .orderBy('l.id', 'desc')
      .limit(pageSize)
      .offset((page - 1) * pageSize);
    ctx.body = {
      entries: rows.map((row) => ({
        id: Number(row.id),
        actor: row.actor_id ? { id: row.actor_id, email: row.actor_email } : null,
        action: row.action, subjectType: row.subject_type, subjectId: row.subject_id,
        before: row.before, after: row.after, createdAt: new Date(row.created_at).toISOString(),
      })),
      total: Number(rows[0]?.total ?? 0), page, pageSize,
    };
  });
}
