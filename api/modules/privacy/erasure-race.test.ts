import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startChainApp } from '../../test/chain-app';
import { testXpub } from '../../test/chain-keys';
import { signInAdmin, signUpInvestor } from '../../test/fixtures';
import { fundedInvestor, uploadReceipt } from '../../test/receipts';
import type { ApiResponse, TestClient } from '../../test/test-client';
import { moneyInFlightOf } from './privacy.repo';

const chains = {
  ethereum: {
    kind: 'evm',
    rpcUrl: 'http://127.0.0.1:9',
    xpub: testXpub("m/44'/60'/0'"),
    confirmations: 3,
    coins: { ethereum: { native: true } },
  },
};

const rounds = 25;

/**
 * An erasure and a write that puts money in flight, started at once (issue 37): either the write commits first and
 * the erasure refuses (409 money_in_flight), or the erasure commits first and the write is refused with nothing
 * written. Never an erased investor with money still moving.
 */
describe('an erasure racing a write that puts money in flight', () => {
  let setup: Awaited<ReturnType<typeof startChainApp>>;
  let admin: TestClient;
  beforeAll(async () => {
    setup = await startChainApp(chains);
    admin = (await signInAdmin(setup.app)).client;
  });
  afterAll(() => setup.close());

  async function race(
    investor: { user: { id: string } },
    write: () => Promise<ApiResponse>,
    writeOk: number,
    refusals = ['money_in_flight'],
  ) {
    const [written, erased] = await Promise.all([write(), admin.post(`/api/admin/users/${investor.user.id}/erase`)]);
    if (erased.status === 200) expect([401, 409], JSON.stringify(written.body)).toContain(written.status);
    else {
      expect(erased.status, JSON.stringify(erased.body)).toBe(409);
      expect(refusals).toContain(erased.body.reason);
    }
    const user = await setup.app.db('users').where({ id: investor.user.id }).first('erased_at');
    if (user.erased_at) {
      const inFlight = await moneyInFlightOf(setup.app.db, investor.user.id, setup.app.clock.now());
      expect(inFlight).toEqual({ deposits: 0, quotes: 0, withdrawals: 0, investments: 0 });
    } else expect(written.status, JSON.stringify(written.body)).toBe(writeOk);
  }

  it('a receipt upload', async () => {
    for (let round = 0; round < rounds; round++) {
      const investor = await signUpInvestor(setup.app);
      await race(investor, () => uploadReceipt(investor.client, { email: investor.payload.email, amount: 50 }), 201);
    }
  });

  it('a deposit quote', async () => {
    for (let round = 0; round < rounds; round++) {
      const investor = await signUpInvestor(setup.app);
      await race(investor, () => investor.client.post('/api/deposit-quotes', { amount: 50, coin: 'ethereum' }), 201);
    }
  });

  it('an investment and a withdrawal request (the balance already refuses the erasure)', async () => {
    const refusals = ['money_in_flight', 'balance_above_zero'];
    for (let round = 0; round < 4; round++) {
      const investor = await fundedInvestor(setup.app, admin, 100);
      const buy = () => investor.client.post('/api/investments', { planId: 1, planVersion: 1, amount: 100 });
      await race(investor, buy, 201, refusals);
      const other = await fundedInvestor(setup.app, admin, 100);
      const withdraw = () => other.client.post('/api/withdrawals', { amount: 100, method: 'Bitcoin' });
      await race(other, withdraw, 201, refusals);
    }
  });
});
