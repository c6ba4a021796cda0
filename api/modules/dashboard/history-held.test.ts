import { parseEther } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { describe, expect, it } from 'vitest';
import type { TransactionRow } from '../../contracts/answers';
import { defaultKycLimits } from '../../contracts/kyc-limits';
import { evmConfirmations, useEvmChain } from '../../test/evm-chain';
import { signInAdmin, signUpInvestor, useAdminApp } from '../../test/fixtures';
import { fundInvestor } from '../../test/receipts';

type Client = { get: (url: string) => Promise<{ status: number; body: { items: TransactionRow[] } }> };
const depositTab = async (client: Client) => (await client.get('/api/transactions?tab=deposit')).body.items;

// The history says when a deposit's money is held (issue 37): read with the page, from the unreleased fund_holds row.
describe('held deposits in the history (receipts)', () => {
  // Level 0 may deposit $1,000 per rolling 30 days; money above it is credited but held.
  const setup = useAdminApp({ operator: { kycLimits: defaultKycLimits } });

  it('answers held while the money is held, null once released; other tabs carry no held', async () => {
    const investor = await signUpInvestor(setup.app);
    await fundInvestor(setup.app, investor, setup.admin, 1_000);
    await fundInvestor(setup.app, investor, setup.admin, 50);
    await fundInvestor(setup.app, investor, setup.admin, 70);
    expect((await depositTab(investor.client)).map(({ amount, status, held }) => [amount, status, held])).toEqual([
      [70, 'confirmed', 'kyc_limit'],
      [50, 'confirmed', 'kyc_limit'],
      [1_000, 'confirmed', null],
    ]);

    const fifty = await setup.app.db('fund_holds').where({ user_id: investor.user.id, amount_cents: 5_000 }).first();
    const release = await setup.admin.post(`/api/admin/fund-holds/${fifty.id}/release`, { note: 'Checked by phone' });
    expect(release.status).toBe(200);
    expect((await depositTab(investor.client)).map(({ amount, held }) => [amount, held])).toEqual([
      [70, 'kyc_limit'],
      [50, null],
      [1_000, null],
    ]);
    const others = (await investor.client.get('/api/transactions?tab=others')).body;
    expect(others.items).toEqual([]);
    const searched = (await investor.client.get('/api/transactions?tab=deposit&type=confirmed&pageSize=1')).body;
    expect(searched.items).toEqual([expect.objectContaining({ amount: 70, held: 'kyc_limit' })]);
  });

  it('looks the holds up by their unique key, not by reading the table', async () => {
    const plan = await setup.app.db.raw<{ rows: { 'QUERY PLAN': string }[] }>(
      `explain select fh.reason from (values ('deposit:x')) h (ledger_key)
       left join fund_holds fh on fh.deposit_key = h.ledger_key and fh.released_at is null`,
    );
    const text = plan.rows.map((row) => row['QUERY PLAN']).join('\n');
    expect(text).toContain('fund_holds_deposit_key_unique');
    expect(text).not.toContain('Seq Scan on fund_holds');
  });
});

// anvil's first default account: the test payer (api/test/evm-payer.ts), listed here as a sanctioned sender.
const payer = privateKeyToAccount('0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80').address;

describe('held deposits in the history (on chain, anvil)', () => {
  const chain = useEvmChain();

  it('answers sanctions for a payment frozen on credit, null once the incident is released', async () => {
    const admin = (await signInAdmin(chain.app)).client;
    await chain.app.db('sanctioned_addresses').insert({ list: 'usdt', address: payer.toLowerCase() });
    const watcher = chain.watcher();
    const { client, quote } = await chain.quoted(50);
    const txHash = await chain.payer.payEth(quote.address, parseEther(quote.coinAmount));
    await watcher.pass();
    expect(await depositTab(client)).toEqual([expect.objectContaining({ status: 'pending', held: null })]);
    await chain.payer.mine(evmConfirmations - 1);
    expect((await watcher.pass()).credited).toBe(1);
    expect(await depositTab(client)).toEqual([
      expect.objectContaining({ type: 'On-chain deposit', status: 'confirmed', amount: 50, held: 'sanctions' }),
    ]);

    const incident = await chain.app
      .db('sanctions_incidents')
      .where({ subject_id: `deposit:ethereum:${txHash}:-1` })
      .first();
    const release = await admin.post(`/api/admin/sanctions-incidents/${incident.id}/decide`, {
      decision: 'release',
      note: 'The sender is a known exchange hot wallet, checked',
    });
    expect(release.status).toBe(200);
    expect(await depositTab(client)).toEqual([expect.objectContaining({ status: 'confirmed', held: null })]);
  });
});
