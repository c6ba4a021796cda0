import { beforeAll, describe, expect, it } from 'vitest';
import { parseCsv } from '../../test/csv';
import { signInAdmin, signUpInvestor } from '../../test/fixtures';
import {
  fundedInvestor,
  fundInvestor,
  sampleBitcoinAddress as btcAddress,
  sampleFiles,
  uploadReceipt,
} from '../../test/receipts';
import { startTestApp, useTestApp } from '../../test/test-app';
import type { TestClient } from '../../test/test-client';

const unknownId = '00000000-0000-4000-8000-000000000000';

/** The rows of an export as objects keyed by its header. */
async function exportRows(client: TestClient, path: string) {
  const response = await fetch(`${client.baseUrl}${path}`, { headers: { authorization: `Bearer ${client.token}` } });
  const bytes = new Uint8Array(await response.arrayBuffer());
  // Read with the byte-order mark kept, to check it is there.
  const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes);
  expect(response.status, text).toBe(200);
  expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
  expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="[\w.@-]+\.csv"$/);
  expect(text.startsWith('\uFEFF')).toBe(true);
  const [header, ...rows] = parseCsv(text);
  return rows.map((cells) => Object.fromEntries(header!.map((name, index) => [name, cells[index]])));
}

describe('admin panel API', () => {
  let admin: TestClient;
  let adminEmail: string;
  let investor: Awaited<ReturnType<typeof signUpInvestor>>;
  let investorId: string;

  const app = useTestApp();
  beforeAll(async () => {
    ({ client: admin, email: adminEmail } = await signInAdmin(app));
    investor = await fundedInvestor(app, admin, 300, { firstName: 'Dana', lastName: 'Detail', country: 'France' });
    investorId = investor.user.id ?? (await app.db('users').where({ email: investor.payload.email }).first()).id;
    await investor.client.post('/api/investments', { planId: 1, planVersion: 1, amount: 100 });
    const paid = (await investor.client.post('/api/withdrawals', { amount: 50, method: 'Bitcoin' })).body.withdrawal;
    await admin.post(`/api/admin/withdrawals/${paid.id}/approve`, { txHash: '0xpaid0000000001' });
    await investor.client.post('/api/withdrawals', { amount: 25, method: 'Bitcoin' });
    await uploadReceipt(investor.client, { email: investor.payload.email, amount: 75 });
  });

  describe('GET /api/users', () => {
    it('gives each investor their country and available balance from the ledger', async () => {
      const { users } = (await admin.get(`/api/users?search=${encodeURIComponent(investor.payload.email)}`)).body;
      expect(users).toEqual([
        expect.objectContaining({ id: investorId, name: 'Dana Detail', country: 'FR', availableBalance: 125 }),
      ]);
    });
  });

  describe('GET /api/admin/users/:id', () => {
    it('shows the balances from the ledger and every record of the investor', async () => {
      const referred = await signUpInvestor(app, {
        referralCode: (await investor.client.get('/api/userdata')).body.userData.referralCode,
      });
      const response = await admin.get(`/api/admin/users/${investorId}`);
      expect(response.status).toBe(200);
      const detail = response.body;
      expect(detail.user).toMatchObject({
        id: investorId,
        name: 'Dana Detail',
        email: investor.payload.email,
        country: 'FR',
        emailVerified: false,
        referredBy: null,
        payoutAddresses: { bitcoin: btcAddress, ethereum: null, usdt: null },
      });
      expect(detail.user).not.toHaveProperty('passwordHash');
      expect(JSON.stringify(detail)).not.toMatch(/password_hash|argon2/);
      // 300 in; 100 into a plan; 50 paid out; 25 held for a pending withdrawal.
      expect(detail.balances).toEqual({
        available: 125,
        invested: 100,
        pendingWithdrawal: 25,
        totalDeposit: 300,
        totalWithdrawal: 50,
        totalProfit: 0,
        referralBonus: 0,
      });
      expect(detail.deposits.map((d: { amount: number; status: string }) => [d.amount, d.status])).toEqual([
        [75, 'pending'],
        [300, 'confirmed'],
      ]);
      expect(detail.investments).toMatchObject([{ planName: 'Sonic', amount: 100, status: 'active' }]);
      expect(detail.withdrawals.map((w: { amount: number; status: string }) => [w.amount, w.status])).toEqual([
        [25, 'pending'],
        [50, 'paid'],
      ]);
      expect(detail.referrals).toEqual([
        expect.objectContaining({ email: referred.payload.email, name: 'Ada Lovelace', bonus: 0 }),
      ]);
      expect(detail.sessions).toHaveLength(1);
      expect(Object.keys(detail.sessions[0]).sort()).toEqual(['createdAt', 'expiresAt']);
    });

    it('lists only open sessions: a signed-out one disappears', async () => {
      const other = await signUpInvestor(app);
      const second = app.client();
      second.token = (await second.post('/api/signin', other.payload)).body.token;
      const otherId = (await app.db('users').where({ email: other.payload.email }).first()).id;
      expect((await admin.get(`/api/admin/users/${otherId}`)).body.sessions).toHaveLength(2);
      await second.post('/api/signout');
      expect((await admin.get(`/api/admin/users/${otherId}`)).body.sessions).toHaveLength(1);
    });

    it('is 404 for an unknown id, a malformed id and an admin; 401/403 for others', async () => {
      const adminRow = await app.db('users').where({ email: adminEmail }).first();
      for (const id of [unknownId, 'not-a-uuid', "1' or '1'='1", adminRow.id]) {
        const response = await admin.get(`/api/admin/users/${encodeURIComponent(id)}`);
        expect(response.status, id).toBe(404);
        expect(response.body).toEqual({ message: 'User not found' });
      }
      expect((await investor.client.get(`/api/admin/users/${investorId}`)).status).toBe(403);
      expect((await app.client().get(`/api/admin/users/${investorId}`)).status).toBe(401);
    });
  });

  describe('GET /api/admin/stats/daily', () => {
    it("gives 30 UTC days, oldest first, with today's confirmed deposits and paid withdrawals", async () => {
      const before = (await admin.get('/api/admin/stats/daily')).body.days;
      expect(before).toHaveLength(30);
      const today = app.clock.now().toISOString().slice(0, 10);
      expect(before.at(-1).date).toBe(today);
      expect(before[0].date < before[1].date).toBe(true);
      const other = await signUpInvestor(app);
      await fundInvestor(app, other, admin, 40.25 + 50);
      const after = (await admin.get('/api/admin/stats/daily?days=30')).body.days;
      expect(after.at(-1).deposits.count - before.at(-1).deposits.count).toBe(1);
      expect(Math.round((after.at(-1).deposits.amount - before.at(-1).deposits.amount) * 100)).toBe(9025);
      expect(after.at(-1).withdrawals.count).toBeGreaterThanOrEqual(1);
      expect(after.slice(0, -1).every((day: { deposits: { count: number } }) => day.deposits.count === 0)).toBe(true);
    });

    it('drops what was decided before the window', async () => {
      const withClock = await startTestApp({ env: { RATE_LIMITS: 'off' } });
      try {
        const first = await signInAdmin(withClock);
        const someone = await signUpInvestor(withClock);
        await fundInvestor(withClock, someone, first.client, 60);
        withClock.clock.advance(7 * 86_400_000);
        // A week later that session has expired: a new admin signs in.
        const { client } = await signInAdmin(withClock);
        const week = (await client.get('/api/admin/stats/daily?days=7')).body.days;
        expect(week).toHaveLength(7);
        expect(week.every((day: { deposits: { count: number } }) => day.deposits.count === 0)).toBe(true);
        const longer = (await client.get('/api/admin/stats/daily?days=8')).body.days;
        expect(longer[0].deposits).toEqual({ count: 1, amount: 60 });
      } finally {
        await withClock.close();
      }
    });

    it('refuses a bad number of days; investors get 403', async () => {
      for (const days of ['0', '91', 'abc', '1.5', '-3'])
        expect((await admin.get(`/api/admin/stats/daily?days=${days}`)).status, days).toBe(400);
      expect((await investor.client.get('/api/admin/stats/daily')).status).toBe(403);
    });
  });

  describe('GET /api/admin/audit-log filters', () => {
    it('filters by action and by part of the actor e-mail', async () => {
      const confirms = (await admin.get('/api/admin/audit-log?action=receipt.confirm')).body;
      expect(confirms.total).toBeGreaterThanOrEqual(1);
      expect(confirms.entries.every((entry: { action: string }) => entry.action === 'receipt.confirm')).toBe(true);
      const mine = (
        await admin.get(`/api/admin/audit-log?actor=${encodeURIComponent(adminEmail.slice(0, 12).toUpperCase())}`)
      ).body;
      expect(mine.entries.length).toBeGreaterThan(0);
      expect(mine.entries.every((entry: { actor: { email: string } }) => entry.actor.email === adminEmail)).toBe(true);
      expect((await admin.get('/api/admin/audit-log?actor=nobody-like-this')).body).toMatchObject({
        entries: [],
        total: 0,
      });
      expect((await admin.get('/api/admin/audit-log?action=')).status).toBe(200);
    });

    it('refuses an unknown action and a too long actor', async () => {
      expect((await admin.get('/api/admin/audit-log?action=drop.table')).status).toBe(400);
      expect((await admin.get(`/api/admin/audit-log?actor=${'a'.repeat(300)}`)).status).toBe(400);
    });
  });

  describe('GET /api/admin/receipts/:id/preview', () => {
    it('serves the file inline with its stored type; 404 when unknown', async () => {
      const file = sampleFiles.png();
      const deposit = (await uploadReceipt(investor.client, { email: investor.payload.email, amount: 55 }, file)).body
        .deposit;
      const response = await fetch(`${app.url}/api/admin/receipts/${deposit.id}/preview`, {
        headers: { authorization: `Bearer ${admin.token}` },
      });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('image/png');
      expect(response.headers.get('content-disposition')).toBe(`inline; filename="receipt-${deposit.id}.png"`);
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(Buffer.from(await response.arrayBuffer())).toEqual(file);
      expect((await admin.get(`/api/admin/receipts/${unknownId}/preview`)).status).toBe(404);
      expect((await admin.get('/api/admin/receipts/nope/preview')).status).toBe(404);
      expect((await investor.client.get(`/api/admin/receipts/${deposit.id}/preview`)).status).toBe(403);
    });
  });

  describe('uploaded files', () => {
    it('are served sandboxed, same-origin only, inline and as a download alike', async () => {
      const deposit = (
        await uploadReceipt(investor.client, { email: investor.payload.email, amount: 56 }, sampleFiles.pdf())
      ).body.deposit;
      for (const kind of ['preview', 'file']) {
        const response = await fetch(`${app.url}/api/admin/receipts/${deposit.id}/${kind}`, {
          headers: { authorization: `Bearer ${admin.token}` },
        });
        expect(response.status).toBe(200);
        expect(response.headers.get('content-type')).toBe('application/pdf');
        // The investor's bytes, not the app's page: no script, no origin of its own, not the page's policy.
        expect(response.headers.get('content-security-policy')).toBe(
          "sandbox; default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'",
        );
        expect(response.headers.get('cross-origin-resource-policy')).toBe('same-origin');
        expect(response.headers.get('x-content-type-options')).toBe('nosniff');
        expect(response.headers.get('x-frame-options')).toBe('DENY');
        await response.arrayBuffer();
      }
      // The app's own pages keep their policy.
      const page = await fetch(`${app.url}/admin`);
      expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
      expect(page.headers.get('content-security-policy')).not.toContain('sandbox');
    });
  });

  describe('CSV exports', () => {
    it('exports users for the current search, with the available balance', async () => {
      const rows = await exportRows(
        admin,
        `/api/admin/export/users?search=${encodeURIComponent(investor.payload.email)}`,
      );
      expect(rows).toEqual([
        expect.objectContaining({
          id: investorId,
          name: 'Dana Detail',
          email: investor.payload.email,
          country: 'FR',
          emailVerified: 'false',
          availableBalance: '125.00',
        }),
      ]);
      const all = await exportRows(admin, '/api/admin/export/users');
      expect(all.length).toBe((await admin.get('/api/count')).body.count);
    });

    it('exports receipts and withdrawals for their status filter', async () => {
      const pending = await exportRows(admin, '/api/admin/export/receipts?status=pending');
      expect(pending.length).toBeGreaterThan(0);
      expect(pending.every((row) => row.status === 'pending')).toBe(true);
      expect(pending).toContainEqual(expect.objectContaining({ userEmail: investor.payload.email, amount: '75.00' }));
      const everything = await exportRows(admin, '/api/admin/export/receipts');
      expect(everything.length).toBe(
        await app
          .db('deposits')
          .count('* as n')
          .first()
          .then((row) => Number(row!.n)),
      );
      const paid = await exportRows(admin, '/api/admin/export/withdrawals?status=paid');
      expect(paid).toContainEqual(
        expect.objectContaining({
          userEmail: investor.payload.email,
          amount: '50.00',
          txHash: '0xpaid0000000001',
          address: btcAddress,
        }),
      );
      expect(paid.every((row) => row.status === 'paid')).toBe(true);
    });

    it('quotes per RFC 4180 and defuses formulas', async () => {
      const nasty = {
        full_name: '=HYPERLINK("http://evil.test","click")',
        email: '@evil.test',
        budget: '-100',
        subject: '+Business',
        message: 'line one,\r\n"quoted" line two',
        created_at: new Date(),
      };
      await app.db('contact_messages').insert(nasty);
      const response = await admin.get('/api/admin/export/messages');
      expect(response.body).toContain(`"'=HYPERLINK(""http://evil.test"",""click"")"`);
      const row = (await exportRows(admin, '/api/admin/export/messages')).find(
        (candidate) => candidate.email === "'@evil.test",
      );
      expect(row).toMatchObject({
        fullName: `'${nasty.full_name}`,
        budget: "'-100",
        subject: "'+Business",
        message: nasty.message,
      });
    });

    it('quotes every text cell, so a spreadsheet splitting at ; finds no formula either', async () => {
      const email = `semicolon-${Date.now()}@example.com`;
      const message = 'x;http://evil.example/;=HYPERLINK(B2)';
      await app.db('contact_messages').insert({ full_name: 'Semi Colon', email, message, created_at: new Date() });
      const text: string = (await admin.get('/api/admin/export/messages')).body;
      const line = text.split('\r\n').find((candidate) => candidate.includes(email))!;
      expect(line).toContain(`"${message}"`);
      for (const cell of parseCsv(`${line}\r\n`, ';')[0]!) expect(cell).not.toMatch(/^[=+\-@]/);
    });

    it('streams every row of a long table once, newest first, rows of the same instant included', async () => {
      const at = new Date('2020-01-01T00:00:00.123456Z');
      await app.db.batchInsert(
        'contact_messages',
        Array.from({ length: 1203 }, (_, index) => ({ message: `bulk ${index}`, created_at: at })),
        500,
      );
      const rows = await exportRows(admin, '/api/admin/export/messages');
      const bulk = rows.filter((row) => row.message!.startsWith('bulk '));
      expect(bulk).toHaveLength(1203);
      expect(new Set(bulk.map((row) => row.id)).size).toBe(1203);
      const ids = bulk.map((row) => Number(row.id));
      expect(ids).toEqual([...ids].sort((a, b) => b - a));
    });

    it('exports the audit log for its filter, and records each export there', async () => {
      const before = await app.db('audit_log').where({ action: 'export.csv' }).count('* as n').first();
      const rows = await exportRows(admin, '/api/admin/export/audit-log?action=withdrawal.approve');
      expect(rows.length).toBeGreaterThan(0);
      expect(rows.every((row) => row.action === 'withdrawal.approve' && row.actorEmail === adminEmail)).toBe(true);
      expect(JSON.parse(rows[0]!.after!)).toMatchObject({ status: 'paid' });
      const after = await app.db('audit_log').where({ action: 'export.csv' }).count('* as n').first();
      expect(Number(after!.n)).toBe(Number(before!.n) + 1);
      const recorded = await app.db('audit_log').where({ action: 'export.csv' }).orderBy('id', 'desc').first();
      expect(recorded.after).toEqual({ table: 'audit-log', filter: { action: 'withdrawal.approve' } });
    });

    it('refuses bad filters with 400, investors with 403, strangers with 401', async () => {
      for (const path of [
        'receipts?status=lost',
        'withdrawals?status=confirmed',
        'audit-log?action=nope',
        `users?search=${'x'.repeat(101)}`,
      ]) {
        expect((await admin.get(`/api/admin/export/${path}`)).status, path).toBe(400);
      }
      for (const table of ['users', 'receipts', 'withdrawals', 'messages', 'audit-log']) {
        expect((await investor.client.get(`/api/admin/export/${table}`)).status).toBe(403);
        expect((await app.client().get(`/api/admin/export/${table}`)).status).toBe(401);
      }
    });
  });
});
