import { beforeAll, describe, expect, it } from 'vitest';
import { signInAdmin, signUpInvestor } from '../../test/fixtures';
import { fundedInvestor, uploadReceipt } from '../../test/receipts';
import { useTestApp } from '../../test/test-app';
import type { TestClient } from '../../test/test-client';
import { createAdminService } from './admin.service';
import { whereSearchMatches } from './admin-users.repo';

type Listed = { id: string; amount: number; status: string; createdAt: string };

describe('the admin lists of receipts and withdrawals', () => {
  const app = useTestApp();
  let admin: TestClient;
  // Receipt amounts in upload order, a minute apart; the first (500) is confirmed to fund the withdrawals.
  const receiptAmounts = [500, 60, 250, 90, 120, 75, 310];
  const withdrawalAmounts = [40, 15, 95, 20, 60];

  beforeAll(async () => {
    ({ client: admin } = await signInAdmin(app));
    const investor = await fundedInvestor(app, admin, receiptAmounts[0]!);
    for (const amount of receiptAmounts.slice(1)) {
      app.clock.advance(60_000);
      const upload = await uploadReceipt(investor.client, { email: investor.payload.email, amount });
      expect(upload.status).toBe(201);
    }
    for (const amount of withdrawalAmounts) {
      app.clock.advance(60_000);
      const asked = await investor.client.post('/api/withdrawals', { amount, method: 'Bitcoin' });
      expect(asked.status).toBe(201);
    }
  });

  const receipts = async (query: string) => {
    const response = await admin.get(`/api/admin/receipts?${query}`);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return response.body as { receipts: Listed[]; total: number; page: number; pageSize: number };
  };

  it('pages receipts newest first and says how many match the status', async () => {
    const first = await receipts('status=pending&pageSize=4');
    expect(first.total).toBe(6);
    expect(first.page).toBe(1);
    expect(first.pageSize).toBe(4);
    expect(first.receipts.map((row) => row.amount)).toEqual([310, 75, 120, 90]);
    const second = await receipts('status=pending&pageSize=4&page=2');
    expect(second.receipts.map((row) => row.amount)).toEqual([250, 60]);
    expect((await receipts('status=pending&pageSize=4&page=3')).receipts).toEqual([]);
    // No status: every receipt, the confirmed one too.
    expect((await receipts('pageSize=100')).total).toBe(7);
    expect((await receipts('status=confirmed')).receipts.map((row) => row.amount)).toEqual([500]);
  });

  it('sorts receipts by amount either way, and by date oldest first', async () => {
    expect((await receipts('sort=amount&pageSize=3')).receipts.map((row) => row.amount)).toEqual([500, 310, 250]);
    expect((await receipts('sort=amount&order=asc&pageSize=3')).receipts.map((row) => row.amount)).toEqual([
      60, 75, 90,
    ]);
    expect((await receipts('sort=amount&order=asc&pageSize=3&page=3')).receipts.map((row) => row.amount)).toEqual([
      500,
    ]);
    const oldest = await receipts('sort=date&order=asc&pageSize=2');
    expect(oldest.receipts.map((row) => row.amount)).toEqual([500, 60]);
  });

  it('pages and sorts withdrawals the same way', async () => {
    const list = async (query: string) => {
      const response = await admin.get(`/api/admin/withdrawals?${query}`);
      expect(response.status).toBe(200);
      return response.body as { withdrawals: Listed[]; total: number };
    };
    const newest = await list('status=pending&pageSize=2');
    expect(newest.total).toBe(5);
    expect(newest.withdrawals.map((row) => row.amount)).toEqual([60, 20]);
    expect((await list('status=pending&pageSize=2&page=3')).withdrawals.map((row) => row.amount)).toEqual([40]);
    expect((await list('sort=amount&pageSize=2')).withdrawals.map((row) => row.amount)).toEqual([95, 60]);
    expect((await list('sort=amount&order=asc')).withdrawals.map((row) => row.amount)).toEqual([15, 20, 40, 60, 95]);
    expect((await list('status=paid')).total).toBe(0);
  });

  it('refuses a bad page, page size, sort or order with a 400 naming the field', async () => {
    for (const [query, field] of [
      ['page=0', 'page'],
      ['pageSize=101', 'pageSize'],
      ['sort=email', 'sort'],
      ['order=sideways', 'order'],
      ['status=lost', 'status'],
    ] as const) {
      for (const path of ['/api/admin/receipts', '/api/admin/withdrawals']) {
        const response = await admin.get(`${path}?${query}`);
        expect(response.status, `${path}?${query}`).toBe(400);
        expect(Object.keys(response.body.errors ?? {}), `${path}?${query}`).toContain(field);
      }
    }
  });

  it('counts search matches up to the cap and says when there are more; the list itself is not capped', async () => {
    for (let index = 0; index < 4; index += 1)
      await signUpInvestor(app, { firstName: 'Capella', lastName: `Stone${index}` });
    const admins = createAdminService(app.deps);
    expect(await admins.listInvestors(1, 2, 'capella', 3)).toMatchObject({ total: 3, capped: true });
    expect((await admins.listInvestors(2, 2, 'capella', 3)).rows).toHaveLength(2);
    expect(await admins.listInvestors(1, 2, 'capella', 4)).toMatchObject({ total: 4, capped: false });
    expect(await admins.listInvestors(1, 2, 'capella stone2', 3)).toMatchObject({ total: 1, capped: false });
    // Through the route, under the real cap: an exact total, no capped flag.
    const answer = (await admin.get('/api/users?search=capella')).body;
    expect(answer.total).toBe(4);
    expect(answer).not.toHaveProperty('capped');
  });

  it('finds a whole address wherever it is contained, narrowed by the local part index', async () => {
    const addresses = ['carina.vale@orbit.example', 'xcarina.vale@orbit.example.net', 'carina.vale@other.example'];
    for (const email of addresses) await signUpInvestor(app, { email, firstName: 'Carina', lastName: 'Vale' });
    const emailsFound = async (search: string) =>
      (await createAdminService(app.deps).listInvestors(1, 20, search)).rows.map((row) => row.email).sort();
    expect(await emailsFound('carina.vale@orbit.example')).toEqual(addresses.slice(0, 2).sort());
    expect(await emailsFound('A.VALE@ORBIT')).toEqual(addresses.slice(0, 2).sort());
    expect(await emailsFound('vale@other')).toEqual([addresses[2]]);
    // Too short a local part for a trigram, two `@`, and `_` taken literally: the same rule without the narrowing.
    expect(await emailsFound('le@other.example')).toEqual([addresses[2]]);
    expect(await emailsFound('carina@vale@orbit')).toEqual([]);
    expect(await emailsFound('carina_vale@orbit')).toEqual([]);
    // The table is too small for the planner to prefer an index on its own: it must still be able to use this one.
    const plan = await app.deps.db.transaction(async (trx) => {
      await trx.raw('set local enable_seqscan = off');
      const search = trx('users as u').select('u.id');
      whereSearchMatches(search, 'carina.vale@orbit.example');
      const { sql, bindings } = search.toSQL();
      const { rows } = await trx.raw(`explain ${sql}`, bindings);
      return rows.map((row: Record<string, string>) => Object.values(row)[0]).join('\n');
    });
    expect(plan).toContain('users_email_local_part_trgm_index');
  });

  it('pages a search the same from its one scan of the matches as from the ordered query used past the cap', async () => {
    for (let index = 0; index < 5; index += 1)
      await signUpInvestor(app, { firstName: 'Vega', lastName: `Lyra${index}` });
    // Two signed up at the same instant, so their order falls back to the id.
    await app.deps.db.raw(
      "update users set created_at = (select created_at from users where last_name = 'Lyra2') where last_name = 'Lyra3'",
    );
    const admins = createAdminService(app.deps);
    const newestFirst = await app.deps
      .db('users')
      .whereILike('first_name', 'vega')
      .orderBy([
        { column: 'created_at', order: 'desc' },
        { column: 'id', order: 'desc' },
      ])
      .pluck('id');
    for (const page of [1, 2, 3, 4]) {
      const scanned = await admins.listInvestors(page, 2, 'vega', 100);
      const ordered = await admins.listInvestors(page, 2, 'vega', 1);
      expect(scanned).toMatchObject({ total: 5, capped: false });
      expect(ordered).toMatchObject({ total: 1, capped: true });
      expect(scanned.rows).toEqual(ordered.rows);
      expect(scanned.rows.map((row) => row.id)).toEqual(newestFirst.slice((page - 1) * 2, page * 2));
    }
    expect(await admins.listInvestors(1, 20, 'no such vega', 100)).toEqual({ total: 0, capped: false, rows: [] });
  });
});
