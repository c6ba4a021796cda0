import { randomBytes } from 'node:crypto';
import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { signUpInvestor, useAdminApp } from '../../test/fixtures';
import { fundInvestor, sampleBitcoinAddress, uploadReceipt } from '../../test/receipts';
import { enrolTwoFactor, totpCode, wrongCode } from '../../test/two-factor';
import type { TestApp } from '../../test/test-app';
import type { TestClient } from '../../test/test-client';
import { ledgerViolations } from '../ledger/ledger.api';

const hex = () => randomBytes(4).toString('hex');

/** A sign-up whose name and phone nobody else in the database has, so a search for them finds only this person. */
const uniquePerson = () => {
  const tag = hex();
  const digits = String(1000 + (Number.parseInt(tag, 16) % 8000));
  return { firstName: `Zenobia${tag}`, lastName: `Quill${tag}`, phoneNumber: `+44207946${digits}` };
};

/** A download's bytes (the test client reads answers as text). */
async function download(client: TestClient, path: string) {
  const response = await fetch(`${client.baseUrl}${path}`, {
    headers: { authorization: `Bearer ${client.token}`, 'x-forwarded-for': client.ip },
  });
  return { status: response.status, headers: response.headers, bytes: new Uint8Array(await response.arrayBuffer()) };
}

type Investor = Awaited<ReturnType<typeof signUpInvestor>>;

async function withdrawPaid(admin: TestClient, investor: Investor, amount: number) {
  const created = await investor.client.post('/api/withdrawals', { amount, method: 'Bitcoin' });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const paid = await admin.post(`/api/admin/withdrawals/${created.body.withdrawal.id}/approve`, {
    txHash: `hand-paid-${hex()}`,
  });
  expect(paid.status, JSON.stringify(paid.body)).toBe(200);
  return created.body.withdrawal.id as string;
}

/** Every text, varchar and jsonb cell of every table that holds `needle` (case-insensitive), as table.column. */
async function cellsHolding(app: TestApp, needle: string) {
  const columns = await app
    .db('information_schema.columns')
    .where({ table_schema: 'public' })
    .whereIn('data_type', ['text', 'character varying', 'jsonb', 'json'])
    .select<{ table_name: string; column_name: string }[]>('table_name', 'column_name');
  const found: string[] = [];
  for (const { table_name: table, column_name: column } of columns) {
    const hit = await app
      .db(table)
      .whereRaw('??::text ilike ?', [column, `%${needle}%`])
      .first(app.db.raw('1'));
    if (hit) found.push(`${table}.${column}`);
  }
  return found;
}

describe('an investor’s data export', () => {
  const setup = useAdminApp();

  async function twoInvestors() {
    const referrer = await signUpInvestor(setup.app, uniquePerson());
    const code = (await setup.app.db('users').where({ id: referrer.user.id }).first('referral_code')).referral_code;
    const referred = await signUpInvestor(setup.app, { ...uniquePerson(), referralCode: code });
    for (const investor of [referrer, referred]) {
      await investor.client.put('/api/update-profile', { bitcoinAddress: sampleBitcoinAddress });
      await fundInvestor(setup.app, investor, setup.admin, 50);
      await withdrawPaid(setup.admin, investor, 10);
    }
    return { referrer, referred };
  }

  it('holds the investor’s own data and nobody else’s, in JSON and in a ZIP of CSVs, audited', async () => {
    const { referrer, referred } = await twoInvestors();
    const response = await referrer.client.get('/api/me/export');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(response.headers.get('content-disposition')).toMatch(
      /^attachment; filename="my-data-\d{4}-\d\d-\d\d\.json"$/,
    );
    const data = response.body;
    const text = JSON.stringify(data);
    expect(data.userId).toBe(referrer.user.id);
    expect(data.tables.profile[0]).toMatchObject({
      email: referrer.payload.email,
      first_name: referrer.payload.firstName,
      phone_number: referrer.payload.phoneNumber,
    });
    expect(data.tables.deposits).toHaveLength(1);
    expect(data.tables.withdrawals).toHaveLength(1);
    expect(data.tables.withdrawals[0]).toMatchObject({ status: 'paid', address: sampleBitcoinAddress });
    expect(data.tables.ledger_entries.length).toBeGreaterThanOrEqual(3);
    expect(data.tables.sessions.length).toBeGreaterThanOrEqual(1);
    // Terms accepted at sign-up and the identity check's level (no submission yet), from their rooms.
    expect(data.tables.terms).toEqual([expect.objectContaining({ version: expect.any(String) })]);
    expect(data.tables.kyc).toEqual([{ level: expect.any(Number) }]);
    expect(data.tables.payout_addresses).toContainEqual(
      expect.objectContaining({ kind: 'bitcoin', address: sampleBitcoinAddress }),
    );
    // The referred investor appears by first name only: not their e-mail, phone, last name or any of their rows.
    expect(data.tables.referrals).toEqual([
      expect.objectContaining({ relation: 'referred_by_me', first_name: referred.payload.firstName }),
    ]);
    const theirDeposits = await setup.app.db('deposits').where({ user_id: referred.user.id }).pluck('id');
    const theirWithdrawals = await setup.app.db('withdrawals').where({ user_id: referred.user.id }).pluck('id');
    for (const foreign of [
      referred.payload.email,
      referred.payload.lastName,
      referred.payload.phoneNumber,
      referred.user.id,
      ...theirDeposits,
      ...theirWithdrawals,
    ]) {
      expect(text).not.toContain(foreign);
    }
    // The referred investor sees their referrer by first name, never the referrer's e-mail.
    const theirs = (await referred.client.get('/api/me/export')).body;
    expect(theirs.tables.referrals).toEqual([{ relation: 'referred_me', first_name: referrer.payload.firstName }]);
    expect(JSON.stringify(theirs)).not.toContain(referrer.payload.email);

    const zip = await download(referrer.client, '/api/me/export?format=zip');
    expect(zip.status).toBe(200);
    expect(zip.headers.get('content-type')).toBe('application/zip');
    const files = unzipSync(zip.bytes);
    expect(Object.keys(files)).toEqual(expect.arrayContaining(['data.json', 'deposits.csv', 'ledger_entries.csv']));
    expect(JSON.parse(strFromU8(files['data.json']!)).userId).toBe(referrer.user.id);
    const withdrawalsCsv = strFromU8(files['withdrawals.csv']!);
    expect(withdrawalsCsv.split('\r\n')[1]).toContain(`"${sampleBitcoinAddress}"`);

    const audited = await setup.app.db('audit_log').where({ action: 'user.export_data', subject_id: referrer.user.id });
    expect(audited.map((row) => [row.actor_id, row.after.format])).toEqual([
      [referrer.user.id, 'json'],
      [referrer.user.id, 'zip'],
    ]);
  });

  it('carries no secret: password hash, two-factor secret, session ids, recovery codes, device hashes', async () => {
    const investor = await signUpInvestor(setup.app, uniquePerson());
    const { secret, recoveryCodes } = await enrolTwoFactor(setup.app, investor.client);
    const text = strFromU8(
      unzipSync((await download(investor.client, '/api/me/export?format=zip')).bytes)['data.json']!,
    );
    const user = await setup.app.db('users').where({ id: investor.user.id }).first();
    const secrets = [
      user.password_hash,
      secret,
      ...recoveryCodes,
      ...(await setup.app.db('sessions').where({ user_id: investor.user.id }).pluck('id')),
      ...(await setup.app.db('known_devices').where({ user_id: investor.user.id }).pluck('device_hash')),
      ...(await setup.app.db('user_two_factor').where({ user_id: investor.user.id }).pluck('secret_encrypted')),
      ...(await setup.app.db('two_factor_recovery_codes').where({ user_id: investor.user.id }).pluck('code_hash')),
    ];
    expect(secrets.length).toBeGreaterThan(5);
    for (const value of secrets) expect(text).not.toContain(value);
    expect(text).not.toMatch(/password|secret|token_hash|code_hash/i);
  });

  it('defuses spreadsheet formulas in its CSVs', async () => {
    const investor = await signUpInvestor(setup.app, { ...uniquePerson(), address: '=HYPERLINK("http://evil")' });
    await setup.app.client().post('/api/submit-form', {
      fullName: '@SUM(1+1)',
      email: investor.payload.email,
      budget: '+1000',
      subject: 'Business',
      message: '-2+3 "there"',
    });
    const files = unzipSync((await download(investor.client, '/api/me/export?format=zip')).bytes);
    const contact = strFromU8(files['contact_messages.csv']!);
    expect(contact).toContain(`"'@SUM(1+1)"`);
    expect(contact).toContain(`"'+1000"`);
    expect(contact).toContain(`"'-2+3 ""there"""`);
    expect(contact).not.toMatch(/(^|,)"?[=+\-@]/m);
  });

  it('lets an admin export a user’s data from their page, audited under the admin', async () => {
    const investor = await signUpInvestor(setup.app, uniquePerson());
    const response = await setup.admin.get(`/api/admin/users/${investor.user.id}/export`);
    expect(response.status).toBe(200);
    expect(response.body.tables.profile[0].email).toBe(investor.payload.email);
    expect(response.headers.get('content-disposition')).toContain(`user-${investor.user.id}-data-`);
    const audited = await setup.app.db('audit_log').where({ action: 'user.export_data', subject_id: investor.user.id });
    expect(audited.map((row) => row.actor_id)).toEqual([setup.adminId]);
    expect((await setup.admin.get(`/api/admin/users/${randomUuid()}/export`)).status).toBe(404);
    expect((await investor.client.get(`/api/admin/users/${investor.user.id}/export`)).status).toBe(403);
  });
});

const randomUuid = () => crypto.randomUUID();

describe('an export of 10,000 ledger entries', () => {
  const setup = useAdminApp();

  it('is ready within 60 s', async () => {
    const investor = await signUpInvestor(setup.app, uniquePerson());
    // 10,000 deposits of one cent each, written as the ledger writes them (one transaction, two entries each).
    await setup.app.db.transaction(async (trx) => {
      await trx('ledger_accounts').insert({ owner_id: investor.user.id, kind: 'available', balance: 10_000 });
      await trx('ledger_accounts')
        .insert({ owner_id: null, kind: 'deposits_received', allow_negative: true })
        .onConflict()
        .ignore();
      const [account] = await trx('ledger_accounts')
        .where({ owner_id: investor.user.id, kind: 'available' })
        .pluck('id');
      const [system] = await trx('ledger_accounts')
        .whereNull('owner_id')
        .where({ kind: 'deposits_received' })
        .pluck('id');
      await trx.raw(
        `with t as (
           insert into ledger_transactions (idempotency_key, kind, subject_user_id, details, created_at)
           select 'bench-export:' || ? || ':' || n, 'deposit', ?, '{}'::jsonb, now() from generate_series(1, 10000) n
           returning id)
         insert into ledger_entries (transaction_id, account_id, amount_cents, balance_after)
         select id, ?::bigint, 1, row_number() over (order by id) from t
         union all select id, ?::bigint, -1, null from t`,
        [investor.user.id, investor.user.id, account, system],
      );
    });
    const started = performance.now();
    const zip = await download(investor.client, '/api/me/export?format=zip');
    const seconds = (performance.now() - started) / 1000;
    console.log(`export of 10,000 ledger entries (ZIP with data.json and CSVs): ${seconds.toFixed(2)} s`);
    expect(zip.status).toBe(200);
    const files = unzipSync(zip.bytes);
    expect(strFromU8(files['ledger_entries.csv']!).trim().split('\r\n')).toHaveLength(10_001);
    expect(seconds).toBeLessThan(60);
  });
});

describe('an investor’s erasure', () => {
  const setup = useAdminApp();

  it('waits for money in flight and for a balance of one cent, then erases every trace of the person', async () => {
    const person = uniquePerson();
    const investor = await signUpInvestor(setup.app, { ...person, address: `12 Rue ${person.lastName}` });
    const { email } = investor.payload;
    await investor.client.put(
      '/api/update-profile',
      { bitcoinAddress: sampleBitcoinAddress },
      {
        headers: { 'idempotency-key': `profile-${hex()}` },
      },
    );
    await setup.app.client().post('/api/newsletter', { email });
    await setup.app.client().post('/api/submit-form', {
      fullName: `${person.firstName} ${person.lastName}`,
      email,
      budget: '1000',
      subject: 'Business',
      message: `Call me on ${person.phoneNumber}`,
    });
    const upload = await uploadReceipt(investor.client, { email, amount: 50 }, undefined, {
      name: `${person.lastName}-receipt.png`,
    });
    expect(upload.status, JSON.stringify(upload.body)).toBe(201);
    const password = 'a new horse battery';
    const changed = await investor.client.post('/api/update-password', {
      email,
      oldPassword: investor.payload.password,
      newPassword: password,
      confirmPassword: password,
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    const erase = () => investor.client.post('/api/me/erase', { password });

    const pendingDeposit = await erase();
    expect(pendingDeposit.status).toBe(409);
    expect(pendingDeposit.body).toMatchObject({ reason: 'money_in_flight' });
    expect(pendingDeposit.body.message).toMatch(/money in progress/);
    expect((await setup.admin.post(`/api/admin/confirm-receipt/${upload.body.deposit.id}`)).status).toBe(200);

    const created = await investor.client.post('/api/withdrawals', { amount: 49.99, method: 'Bitcoin' });
    expect(created.status).toBe(201);
    expect((await erase()).body).toMatchObject({ reason: 'money_in_flight' });
    expect(
      (
        await setup.admin.post(`/api/admin/withdrawals/${created.body.withdrawal.id}/approve`, {
          txHash: `hand-${hex()}`,
        })
      ).status,
    ).toBe(200);

    const oneCent = await erase();
    expect(oneCent.status).toBe(409);
    expect(oneCent.body).toMatchObject({ reason: 'balance_above_zero', accounts: [{ kind: 'available', cents: 1 }] });
    expect(oneCent.body.message).toMatch(/still holds money/);
    await withdrawPaid(setup.admin, investor, 0.01);

    const beforeErasure = await cellsHolding(setup.app, email);
    expect(beforeErasure).toEqual(
      expect.arrayContaining([
        'users.email',
        'contact_messages.email',
        'audit_log.after',
        'notifications.params',
        'mail_outbox.to_address',
        'newsletter_subscribers.email',
        'idempotent_requests.response_body',
      ]),
    );
    const erased = await erase();
    expect(erased.status, JSON.stringify(erased.body)).toBe(200);

    expect(await ledgerViolations(setup.app.db)).toEqual([]);
    for (const needle of [email, person.phoneNumber, person.firstName, person.lastName]) {
      expect(await cellsHolding(setup.app, needle), needle).toEqual([]);
    }
    // Kept under the pseudonymous id: the ledger, deposits, withdrawals and the audit log.
    const husk = await setup.app.db('users').where({ id: investor.user.id }).first();
    expect(husk).toMatchObject({ email: `erased-${investor.user.id}@invalid`, first_name: null, phone_number: null });
    expect(husk.erased_at).not.toBeNull();
    expect(await setup.app.db('deposits').where({ user_id: investor.user.id })).toHaveLength(1);
    expect(await setup.app.db('withdrawals').where({ user_id: investor.user.id })).toHaveLength(2);
    expect(
      await setup.app.db('audit_log').where({ action: 'user.erase', subject_id: investor.user.id }).first(),
    ).toMatchObject({ actor_id: investor.user.id, after: { erasedBy: 'self', sessionsEnded: true } });
    expect(await setup.app.db('sessions').where({ user_id: investor.user.id }).whereNull('revoked_at')).toEqual([]);

    // The session is over, the sign-in refused; the address can register a new, empty account.
    expect((await investor.client.get('/api/user')).status).toBe(401);
    const signIn = await setup.app.client().post('/api/signin', { email, password });
    expect(signIn.status).toBe(401);
    const again = await signUpInvestor(setup.app, { email });
    expect(again.user.id).not.toBe(investor.user.id);
    expect((await again.client.get('/api/me/export')).body.tables.deposits).toEqual([]);
  });

  it('asks for the password and, with two-factor on, a code; a wrong one changes nothing', async () => {
    const investor = await signUpInvestor(setup.app, uniquePerson());
    const { secret } = await enrolTwoFactor(setup.app, investor.client);
    const unchanged = async () =>
      expect(await setup.app.db('users').where({ id: investor.user.id }).first()).toMatchObject({
        email: investor.payload.email,
        erased_at: null,
      });
    const wrongPassword = await investor.client.post('/api/me/erase', {
      password: 'not the password',
      code: totpCode(secret, setup.app.clock.now()),
    });
    expect(wrongPassword.status).toBe(400);
    await unchanged();
    const noCode = await investor.client.post('/api/me/erase', { password: investor.payload.password });
    expect(noCode.status).toBe(401);
    await unchanged();
    const badCode = await investor.client.post('/api/me/erase', {
      password: investor.payload.password,
      code: wrongCode(secret, setup.app.clock.now()),
    });
    expect(badCode.status).toBe(401);
    await unchanged();
    for (const body of [{}, { password: 5 }, { password: 'x\u0000' }, { password: 'x'.repeat(201) }]) {
      expect((await investor.client.post('/api/me/erase', body)).status, JSON.stringify(body)).toBe(400);
    }
    await unchanged();
    const right = await investor.client.post('/api/me/erase', {
      password: investor.payload.password,
      code: totpCode(secret, setup.app.clock.now()),
    });
    expect(right.status).toBe(200);
    expect(await setup.app.db('user_two_factor').where({ user_id: investor.user.id })).toEqual([]);
  });

  it('by an admin: audited, and two at once erase once', async () => {
    const investor = await signUpInvestor(setup.app, uniquePerson());
    const replies = await Promise.all([
      setup.admin.post(`/api/admin/users/${investor.user.id}/erase`),
      setup.admin.post(`/api/admin/users/${investor.user.id}/erase`),
    ]);
    expect(replies.map((reply) => reply.status).sort()).toEqual([200, 409]);
    expect(replies.find((reply) => reply.status === 409)!.body.reason).toBe('already_erased');
    const audited = await setup.app.db('audit_log').where({ action: 'user.erase', subject_id: investor.user.id });
    expect(audited).toHaveLength(1);
    expect(audited[0]).toMatchObject({ actor_id: setup.adminId, after: { erasedBy: 'admin' } });
    expect((await setup.admin.post(`/api/admin/users/${setup.adminId}/erase`)).status).toBe(404);
    expect((await investor.client.post(`/api/admin/users/${investor.user.id}/erase`)).status).toBe(401);
  });
});
