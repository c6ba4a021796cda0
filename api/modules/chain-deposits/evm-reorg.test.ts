import { parseEther } from 'viem';
import { describe, expect, it } from 'vitest';
import { evmConfirmations, useEvmChain } from '../../test/evm-chain';
import { signInAdmin } from '../../test/fixtures';
import { investorBalances, ledgerViolations } from '../ledger/ledger.api';

const depositKeys = (chain: ReturnType<typeof useEvmChain>, txHash: string) =>
  chain.app.db('ledger_transactions').where('idempotency_key', 'like', `deposit:ethereum:${txHash}:%`);

describe('the EVM watcher through reorgs', () => {
  const chain = useEvmChain();
  const holdsOf = (userId: string) => chain.app.db('fund_holds').where({ user_id: userId });
  const balancesOf = (userId: string) => investorBalances(chain.app.db, userId);

  it('never credits a payment seen at one confirmation and then reverted away', async () => {
    const watcher = chain.watcher();
    const { client, userId, quote } = await chain.quoted(50);
    const snapshot = await chain.payer.snapshot();
    const txHash = await chain.payer.payEth(quote.address, parseEther(quote.coinAmount));
    await watcher.pass();
    expect((await client.get(`/api/deposit-quotes/${quote.id}`)).body.payments[0].status).toBe('seen');
    await chain.payer.revert(snapshot);
    await chain.payer.mine(evmConfirmations + 1);
    await watcher.pass();
    await expect(chain.payer.reader.getTransaction({ hash: txHash })).rejects.toThrow();
    expect((await client.get(`/api/deposit-quotes/${quote.id}`)).body.payments[0]).toMatchObject({
      status: 'orphaned',
      confirmations: 0,
    });
    expect(await chain.available(userId)).toBe(0);
    expect(await depositKeys(chain, txHash)).toHaveLength(0);
  });

  it('credits once a payment a reorg moved to another block', async () => {
    const watcher = chain.watcher();
    const { userId, quote } = await chain.quoted(50);
    const signed = await chain.payer.signEth(quote.address, parseEther(quote.coinAmount));
    const snapshot = await chain.payer.snapshot();
    const txHash = await chain.payer.sendRaw(signed);
    const firstBlock = Number((await chain.payer.reader.getTransactionReceipt({ hash: txHash })).blockNumber);
    await watcher.pass();
    await chain.payer.revert(snapshot);
    await chain.payer.mine(1);
    expect(await chain.payer.sendRaw(signed)).toBe(txHash);
    await chain.payer.mine(evmConfirmations);
    await watcher.pass();
    await watcher.pass();
    const [payment] = await chain.app.db('chain_payments').where({ tx_hash: txHash });
    expect(payment).toMatchObject({ status: 'credited', block_height: firstBlock + 1 });
    expect(await chain.available(userId)).toBe(5_000);
    expect(await depositKeys(chain, txHash)).toHaveLength(1);
  });

  it('catches a tip replaced at the same height', async () => {
    const watcher = chain.watcher();
    const { userId, quote } = await chain.quoted(50);
    const snapshot = await chain.payer.snapshot();
    const txHash = await chain.payer.payEth(quote.address, parseEther(quote.coinAmount));
    const height = await chain.payer.height();
    await watcher.pass();
    await chain.payer.revert(snapshot);
    await chain.payer.payEth(`0x${'1'.repeat(40)}`, 1n);
    expect(await chain.payer.height()).toBe(height);
    await watcher.pass();
    const [payment] = await chain.app.db('chain_payments').where({ tx_hash: txHash });
    expect(payment.status).toBe('orphaned');
    await chain.payer.mine(evmConfirmations);
    await watcher.pass();
    expect(await chain.available(userId)).toBe(0);
  });

  it('raises an incident, and debits nothing, when a credited payment is reorged away', async () => {
    const watcher = chain.watcher();
    const { userId, quote } = await chain.quoted(50);
    const snapshot = await chain.payer.snapshot();
    const txHash = await chain.payer.payEth(quote.address, parseEther(quote.coinAmount));
    await chain.payer.mine(evmConfirmations - 1);
    await watcher.pass();
    expect(await chain.available(userId)).toBe(5_000);
    await chain.payer.revert(snapshot);
    await chain.payer.mine(evmConfirmations + 1);
    await watcher.pass();
    const [payment] = await chain.app.db('chain_payments').where({ tx_hash: txHash });
    expect(payment.status).toBe('orphaned');
    const incidents = await chain.app.db('chain_incidents').where({ payment_id: payment.id });
    expect(incidents).toEqual([
      expect.objectContaining({
        chain: 'ethereum',
        kind: 'credited-payment-reorged',
        details: { txHash, index: -1, userId, creditedCents: 5_000 },
      }),
    ]);
    expect(await chain.available(userId)).toBe(5_000);
    expect(await ledgerViolations(chain.app.db)).toEqual([]);

    const { client: admin, email: adminEmail } = await signInAdmin(chain.app);
    const listed = (await admin.get('/api/admin/chain-incidents')).body.incidents;
    expect(listed).toContainEqual({
      id: expect.any(String),
      chain: 'ethereum',
      kind: 'credited-payment-reorged',
      paymentId: String(payment.id),
      details: { txHash, index: -1, userId, creditedCents: 5_000 },
      createdAt: expect.any(String),
      resolvedAt: null,
      resolvedBy: null,
      resolution: null,
    });
    const incidentId = listed[0].id as string;
    const resolve = (body: unknown, id = incidentId) => admin.post(`/api/admin/chain-incidents/${id}/resolve`, body);
    expect((await resolve({ resolution: '  ' })).status).toBe(400);
    expect((await resolve({ resolution: 'x' }, '999999')).status).toBe(404);
    const resolution = 'The payment was re-sent in block 90; nothing to refund.';
    const answers = await Promise.all([resolve({ resolution }), resolve({ resolution })]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    expect(answers.find((answer) => answer.status === 409)!.body).toEqual({ message: 'Incident already resolved' });
    expect(answers.find((answer) => answer.status === 200)!.body.incident).toMatchObject({
      id: incidentId,
      resolvedAt: expect.any(String),
      resolvedBy: adminEmail,
      resolution,
    });
    const audits = await chain.app.db('audit_log').where({ action: 'chain_incident.resolve' });
    expect(audits).toEqual([expect.objectContaining({ subject_type: 'chain_incident', subject_id: incidentId })]);
    const { payments } = (await admin.get('/api/admin/chain-payments')).body;
    expect(payments.find((row: { txHash: string }) => row.txHash === txHash)).toMatchObject({
      coin: 'ethereum',
      index: -1,
      user: { id: userId },
      coinAmount: '0.025',
      status: 'orphaned',
      confirmations: 0,
      required: evmConfirmations,
      amount: 50,
      explorerUrl: `https://explorer.test/tx/${txHash}`,
    });
  });

  /** Level 0's deposit limit as the admin desk sets it: $1,000 per 30 days, so a $1,200 payment is held (issue 37). */
  const limitLevel0Deposits = () =>
    chain.app
      .db('kyc_limit_settings')
      .insert({ level: 0, deposit_cents: 100_000, withdrawal_cents: 50_000, updated_at: new Date() })
      .onConflict('level')
      .merge();

  it('holds a payment over the deposit limit once final; reorged away before that, nothing is held', async () => {
    await limitLevel0Deposits();
    const watcher = chain.watcher();
    const { client, userId, quote } = await chain.quoted(1_200);
    const signed = await chain.payer.signEth(quote.address, parseEther(quote.coinAmount));
    const snapshot = await chain.payer.snapshot();
    const txHash = await chain.payer.sendRaw(signed);
    await watcher.pass();
    expect((await client.get(`/api/deposit-quotes/${quote.id}`)).body.payments[0].status).toBe('seen');
    await chain.payer.revert(snapshot);
    await chain.payer.mine(evmConfirmations + 1);
    await watcher.pass();
    expect((await client.get(`/api/deposit-quotes/${quote.id}`)).body.payments[0].status).toBe('orphaned');
    expect(await balancesOf(userId)).toMatchObject({ available: 0, held: 0 });
    expect(await holdsOf(userId)).toEqual([]);
    expect(await depositKeys(chain, txHash)).toHaveLength(0);
    expect(await ledgerViolations(chain.app.db)).toEqual([]);

    // Mined again and final: credited to held once, with one kyc_limit hold, however many passes see it.
    expect(await chain.payer.sendRaw(signed)).toBe(txHash);
    await chain.payer.mine(evmConfirmations);
    await watcher.pass();
    await watcher.pass();
    expect(await chain.app.db('chain_payments').where({ tx_hash: txHash })).toEqual([
      expect.objectContaining({ status: 'credited', credited_cents: 120_000 }),
    ]);
    expect(await balancesOf(userId)).toMatchObject({ available: 0, held: 120_000 });
    expect(await holdsOf(userId)).toEqual([
      expect.objectContaining({ reason: 'kyc_limit', deposit_key: `deposit:ethereum:${txHash}:-1`, released_at: null }),
    ]);
    expect(await depositKeys(chain, txHash)).toHaveLength(1);
    const kinds = await chain.app.db('notifications').where({ user_id: userId }).pluck('kind');
    expect(kinds).toContain('deposit.held');
    expect(kinds).not.toContain('deposit.confirmed');
    expect(await ledgerViolations(chain.app.db)).toEqual([]);
  });

  // Credited is final here (as for an available credit above): a reorg after it raises an incident and moves no money.
  it('keeps a held payment held, and raises an incident, when a reorg takes it away after its credit', async () => {
    await limitLevel0Deposits();
    const watcher = chain.watcher();
    const { userId, quote } = await chain.quoted(1_200);
    const snapshot = await chain.payer.snapshot();
    const txHash = await chain.payer.payEth(quote.address, parseEther(quote.coinAmount));
    await chain.payer.mine(evmConfirmations - 1);
    await watcher.pass();
    expect(await balancesOf(userId)).toMatchObject({ available: 0, held: 120_000 });
    await chain.payer.revert(snapshot);
    await chain.payer.mine(evmConfirmations + 1);
    await watcher.pass();
    const [payment] = await chain.app.db('chain_payments').where({ tx_hash: txHash });
    expect(payment.status).toBe('orphaned');
    expect(await chain.app.db('chain_incidents').where({ payment_id: payment.id })).toEqual([
      expect.objectContaining({ kind: 'credited-payment-reorged', details: expect.objectContaining({ userId }) }),
    ]);
    expect(await balancesOf(userId)).toMatchObject({ available: 0, held: 120_000 });
    expect(await holdsOf(userId)).toEqual([expect.objectContaining({ reason: 'kyc_limit', released_at: null })]);
    expect(await ledgerViolations(chain.app.db)).toEqual([]);
  });

  it('credits a token payment once when a reorg moves it to a place of another log index', async () => {
    const watcher = chain.watcher();
    const { userId, quote } = await chain.quoted(60, 'usdt');
    const nonce = await chain.payer.nonce();
    const filler = await chain.payer.signTokenTransfer(`0x${'2'.repeat(40)}`, 1n, nonce);
    const payment = await chain.payer.signTokenTransfer(quote.address, 60_000_000n, nonce + 1);
    const snapshot = await chain.payer.snapshot();
    await chain.payer.setAutomine(false);
    await chain.payer.sendRawUnmined(filler);
    const txHash = await chain.payer.sendRawUnmined(payment);
    await chain.payer.mine(1);
    await chain.payer.setAutomine(true);
    expect((await chain.payer.reader.getTransactionReceipt({ hash: txHash })).logs[0]!.logIndex).toBe(1);
    await chain.payer.mine(evmConfirmations - 1);
    await watcher.pass();
    expect(await chain.available(userId)).toBe(6_000);

    await chain.payer.revert(snapshot);
    await chain.payer.mine(1);
    await chain.payer.sendRaw(filler);
    await chain.payer.sendRaw(payment);
    expect((await chain.payer.reader.getTransactionReceipt({ hash: txHash })).logs[0]!.logIndex).toBe(0);
    await chain.payer.mine(evmConfirmations);
    await watcher.pass();
    expect(await chain.app.db('chain_payments').where({ tx_hash: txHash })).toEqual([
      expect.objectContaining({ status: 'credited', output_index: 0 }),
    ]);
    expect(await chain.available(userId)).toBe(6_000);
    expect(await depositKeys(chain, txHash)).toHaveLength(1);
  });
});
