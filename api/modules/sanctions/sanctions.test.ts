import { randomBytes } from 'node:crypto';
import { getAddress } from 'viem';
import { describe, expect, it } from 'vitest';
import { signInAdmin, signUpInvestor, useAdminApp } from '../../test/fixtures';
import { fundInvestor } from '../../test/receipts';
import type { TestClient } from '../../test/test-client';

const evmAddress = () => `0x${randomBytes(20).toString('hex')}`;
const neutral = 'This address cannot be used. Contact support.';

function uploadList(client: TestClient, chain: string, text: string | Buffer) {
  const form = new FormData();
  form.set('chain', chain);
  form.set('file', new Blob([typeof text === 'string' ? text : new Uint8Array(text)]), 'list.txt');
  return client.request('POST', '/api/admin/sanctions-lists', { body: form });
}

describe('sanctioned addresses', () => {
  const setup = useAdminApp();
  const db = () => setup.app.db;
  const listSize = async (chain: string) =>
    (await setup.admin.get('/api/admin/sanctions-lists')).body.lists.find(
      (list: { chain: string }) => list.chain === chain,
    );
  const incidentsOf = (subjectId: string) => db()('sanctions_incidents').where({ subject_id: subjectId }).orderBy('id');
  const withdrawalOf = (id: string) => db()('withdrawals').where({ id }).first();
  const available = async (client: TestClient) =>
    (await client.get('/api/dashboard')).body.balances.accountBalance as number;

  async function fundedInvestorPaying(address: string) {
    const investor = await signUpInvestor(setup.app);
    expect((await investor.client.put('/api/update-profile', { ethereumAddress: address })).status).toBe(200);
    await fundInvestor(setup.app, investor, setup.admin, 100);
    const withdrawal = await investor.client.post('/api/withdrawals', { amount: 40, method: 'Ethereum' });
    expect(withdrawal.status).toBe(201);
    return { investor, withdrawalId: withdrawal.body.withdrawal.id as string };
  }

  it('loads a list per chain: comments and blank lines ignored, other lines counted, not loaded; audited', async () => {
    const listed = evmAddress();
    const upload = await uploadList(
      setup.admin,
      'ethereum',
      `# sanctioned ETH addresses\n\n${getAddress(listed)}\r\n${evmAddress()}\nnot-an-address\nbc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq\n`,
    );
    expect(upload.status).toBe(201);
    expect(upload.body).toMatchObject({ chain: 'ethereum', addresses: 2, skippedLines: 2, skippedExamples: [5, 6] });
    expect(await listSize('ethereum')).toMatchObject({
      addresses: 2,
      loadedAt: upload.body.loadedAt,
      source: 'upload',
    });
    // Stored as Ethereum compares addresses: lower-case hex.
    expect(await db()('sanctioned_addresses').where({ list: 'ethereum', address: listed }).first()).toBeTruthy();
    const audit = await db()('audit_log').where({ action: 'sanctions_list.load' }).orderBy('id', 'desc').first();
    expect(audit).toMatchObject({ actor_id: setup.adminId, subject_id: 'ethereum' });
  });

  it('refuses a listed payout address (a checksummed form of a lower-case entry) with a neutral 422 and an incident', async () => {
    const listed = evmAddress();
    expect((await uploadList(setup.admin, 'usdt', `${listed}\n`)).status).toBe(201);
    const investor = await signUpInvestor(setup.app);
    // The USDT list screens Ethereum addresses too: the same account on the same chain.
    const refused = await investor.client.put('/api/update-profile', { ethereumAddress: getAddress(listed) });
    expect(refused.status).toBe(422);
    expect(refused.body.message).toBe(neutral);
    expect(refused.body.errors).toEqual({ ethereumAddress: neutral });
    expect((await investor.client.get('/api/user')).body.user.ethereumAddress ?? null).toBeNull();
    const [incident] = await incidentsOf(investor.user.id);
    expect(incident).toMatchObject({ kind: 'payout_address', chain: 'ethereum', address: listed, decided_at: null });
    // Every admin is told.
    const notice = await db()('notifications')
      .where({ kind: 'operator.sanctions', user_id: setup.adminId })
      .where('event_key', 'like', `sanctions-incident:${incident.id}:%`)
      .first();
    expect(notice).toBeTruthy();
    // A miss passes.
    const other = evmAddress();
    const accepted = await investor.client.put('/api/update-profile', { ethereumAddress: getAddress(other) });
    expect(accepted.status).toBe(200);
  });

  it('holds a withdrawal whose address is listed at approval: not approvable until released', async () => {
    const address = evmAddress();
    const { investor, withdrawalId } = await fundedInvestorPaying(address);
    // Listed without a load's re-screening, so the approval's own screening is what finds it.
    await db()('sanctioned_addresses').insert({ list: 'ethereum', address });
    const approve = () =>
      setup.admin.post(`/api/admin/withdrawals/${withdrawalId}/approve`, { txHash: '0xabcdef0123' });
    const held = await approve();
    expect(held.status).toBe(409);
    expect(held.body.message).toMatch(/held by sanctions screening/);
    expect((await withdrawalOf(withdrawalId)).status).toBe('pending');
    const [incident] = await incidentsOf(withdrawalId);
    expect(incident).toMatchObject({ kind: 'withdrawal', user_id: investor.user.id, address });
    expect((await approve()).status).toBe(409);
    const release = await setup.admin.post(`/api/admin/sanctions-incidents/${incident.id}/decide`, {
      decision: 'release',
      note: 'Checked: a false match',
    });
    expect(release.status).toBe(200);
    expect(release.body.incident).toMatchObject({ decision: 'release', note: 'Checked: a false match' });
    expect((await approve()).status).toBe(200);
    expect((await withdrawalOf(withdrawalId)).status).toBe('paid');
    const audit = await db()('audit_log').where({ action: 'sanctions_incident.decide', subject_id: incident.id });
    expect(audit).toHaveLength(1);
  });

  it('a new list screens stored payout addresses and open withdrawals again; reject returns the money', async () => {
    const address = evmAddress();
    const { investor, withdrawalId } = await fundedInvestorPaying(address);
    const before = await available(investor.client);
    const load = await uploadList(setup.admin, 'ethereum', `${evmAddress()}\n${getAddress(address)}\n`);
    expect(load.status).toBe(201);
    expect(load.body.newIncidents).toBe(2);
    expect((await incidentsOf(investor.user.id)).map((row) => row.kind)).toEqual(['payout_address']);
    const [incident] = await incidentsOf(withdrawalId);
    expect(incident.kind).toBe('withdrawal');
    // Loading the same list again opens nothing new.
    expect((await uploadList(setup.admin, 'ethereum', `${address}\n`)).body.newIncidents).toBe(0);
    const reject = await setup.admin.post(`/api/admin/sanctions-incidents/${incident.id}/decide`, {
      decision: 'reject',
      note: 'Confirmed on the SDN list',
    });
    expect(reject.status).toBe(200);
    expect((await withdrawalOf(withdrawalId)).status).toBe('rejected');
    const after = await available(investor.client);
    expect(before).toBe(60);
    expect(after).toBe(100);
    // A decision the kind does not take is refused.
    const [payoutIncident] = await incidentsOf(investor.user.id);
    const wrong = await setup.admin.post(`/api/admin/sanctions-incidents/${payoutIncident.id}/decide`, {
      decision: 'release',
      note: 'no',
    });
    expect(wrong.status).toBe(400);
  });

  it('refuses a bad file and keeps the list in force', async () => {
    const kept = evmAddress();
    expect((await uploadList(setup.admin, 'ethereum', `${kept}\n`)).status).toBe(201);
    const allBad = await uploadList(setup.admin, 'ethereum', 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq\nhello\n');
    expect(allBad.status).toBe(422);
    expect(allBad.body.message).toMatch(/No line of the file is a ethereum address \(2 refused, e.g. line 1, 2\)/);
    const binary = await uploadList(setup.admin, 'ethereum', Buffer.from([0x30, 0x78, 0x00, 0xff, 0xfe]));
    expect(binary.status).toBe(422);
    const tooBig = await uploadList(setup.admin, 'ethereum', Buffer.alloc(20 * 1024 * 1024 + 1, 0x61));
    expect(tooBig.status).toBe(422);
    expect(tooBig.body.message).toMatch(/20 MB/);
    const noChain = await uploadList(setup.admin, 'monero', `${kept}\n`);
    expect(noChain.status).toBe(400);
    expect(await listSize('ethereum')).toMatchObject({ addresses: 1 });
    expect(await db()('sanctioned_addresses').where({ list: 'ethereum' }).pluck('address')).toEqual([kept]);
  });

  it('two loads of one list at once leave one of them whole, never a mix', async () => {
    const first = Array.from({ length: 3000 }, evmAddress);
    const second = Array.from({ length: 2000 }, evmAddress);
    const [a, b] = await Promise.all([
      uploadList(setup.admin, 'ethereum', first.join('\n')),
      uploadList(setup.admin, 'ethereum', second.join('\n')),
    ]);
    expect([a.status, b.status]).toEqual([201, 201]);
    const stored = (await db()('sanctioned_addresses').where({ list: 'ethereum' }).pluck('address')).sort();
    expect([first.sort(), second.sort()]).toContainEqual(stored);
    expect((await listSize('ethereum')).addresses).toBe(stored.length);
  });

  it('an incident is decided once when two admins decide it at once', async () => {
    const listed = evmAddress();
    await uploadList(setup.admin, 'ethereum', `${listed}\n`);
    const investor = await signUpInvestor(setup.app);
    expect((await investor.client.put('/api/update-profile', { ethereumAddress: listed })).status).toBe(422);
    const [incident] = await incidentsOf(investor.user.id);
    const other = (await signInAdmin(setup.app)).client;
    const decide = (client: TestClient) =>
      client.post(`/api/admin/sanctions-incidents/${incident.id}/decide`, { decision: 'dismiss', note: 'Seen' });
    const answers = await Promise.all([decide(setup.admin), decide(other)]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    expect(
      await db()('audit_log').where({ action: 'sanctions_incident.decide', subject_id: incident.id }),
    ).toHaveLength(1);
    const open = (await setup.admin.get('/api/admin/sanctions-incidents')).body;
    expect(open.incidents.map((row: { id: string }) => row.id)).not.toContain(incident.id);
  });

  it('a list of 100,000 addresses is screened by one index lookup', async () => {
    const addresses = Array.from({ length: 100_000 }, evmAddress);
    const load = await uploadList(setup.admin, 'ethereum', addresses.join('\n'));
    expect(load.status).toBe(201);
    expect(load.body.addresses).toBe(100_000);
    await db().raw('analyze sanctioned_addresses');
    const plan = await db().raw(
      `explain (format json) select list from sanctioned_addresses where list in ('ethereum', 'usdt') and address = ? limit 1`,
      [addresses[77_777]!],
    );
    const text = JSON.stringify(plan.rows[0]);
    expect(text).toMatch(/Index (Only )?Scan/);
    expect(text).not.toMatch(/Seq Scan/);
    const investor = await signUpInvestor(setup.app);
    const started = performance.now();
    const hit = await investor.client.put('/api/update-profile', { ethereumAddress: getAddress(addresses[99_999]!) });
    const elapsed = performance.now() - started;
    expect(hit.status).toBe(422);
    expect(elapsed).toBeLessThan(2_000);
    expect((await investor.client.put('/api/update-profile', { ethereumAddress: evmAddress() })).status).toBe(200);
  }, 120_000);
});
