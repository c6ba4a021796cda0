import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { signUpInvestor } from '../../test/fixtures';
import { useTestApp } from '../../test/test-app';
import type { TestClient } from '../../test/test-client';
import { ledgerViolations } from './ledger-invariants';
import { insufficientBalance, postTransfer, type Transfer } from './ledger.service';

const deposit = (userId: string, cents: number): Transfer => ({
  idempotencyKey: `deposit:${randomUUID()}`,
  kind: 'deposit',
  subjectUserId: userId,
  at: new Date(),
  legs: [
    { account: { system: 'deposits_received' }, amountCents: -cents },
    { account: { owner: userId, kind: 'available' }, amountCents: cents },
  ],
});
const referralBonus = (userId: string, cents: number): Transfer => ({
  idempotencyKey: `referral-bonus:${randomUUID()}`,
  kind: 'referral_bonus',
  subjectUserId: userId,
  at: new Date(),
  legs: [
    { account: { system: 'bonuses' }, amountCents: -cents },
    { account: { owner: userId, kind: 'available' }, amountCents: cents },
  ],
});
const payout = (userId: string, cents: number): Transfer => ({
  idempotencyKey: `withdrawal-paid:${randomUUID()}`,
  kind: 'withdrawal_paid',
  subjectUserId: userId,
  at: new Date(),
  legs: [
    { account: { owner: userId, kind: 'available' }, amountCents: -cents },
    { account: { system: 'payouts' }, amountCents: cents },
  ],
});

describe('running totals kept by postTransfer', () => {
  const investors: Array<{ id: string; client: TestClient }> = [];
  const app = useTestApp();
  beforeAll(async () => {
    for (let i = 0; i < 3; i++) {
      const { client, user } = await signUpInvestor(app);
      investors.push({ id: user.id as string, client });
    }
  });

  const post = (transfer: Transfer) => app.db.transaction((trx) => postTransfer(trx, transfer));

  it('equal the sums of the entries after a concurrent burst on the same system accounts', async () => {
    // Deposits and bonuses for everyone at once, then payouts racing more deposits: some payouts
    // may find the balance short (409), which must leave nothing behind.
    const credits = investors.flatMap(({ id }, index) =>
      Array.from({ length: 12 }, (_, n) => (n % 4 === 0 ? referralBonus(id, 100 + index) : deposit(id, 10_000 + n))),
    );
    await Promise.all(credits.map(post));
    const mixed = investors.flatMap(({ id }) => [
      ...Array.from({ length: 8 }, () => payout(id, 30_000)),
      ...Array.from({ length: 8 }, (_, n) => deposit(id, 5_000 + n)),
    ]);
    const outcomes = await Promise.allSettled(mixed.map(post));
    for (const outcome of outcomes) {
      if (outcome.status === 'rejected') expect(outcome.reason).toEqual(insufficientBalance());
    }

    expect(await ledgerViolations(app.db)).toEqual([]);
    const posted = mixed.filter((_, index) => outcomes[index]!.status === 'fulfilled').concat(credits);
    for (const { id, client } of investors) {
      const mine = posted.filter((transfer) => transfer.subjectUserId === id);
      const total = (kind: Transfer['kind']) =>
        mine
          .filter((transfer) => transfer.kind === kind)
          .reduce((sum, transfer) => sum + Math.abs(transfer.legs[0]!.amountCents), 0);
      const response = await client.get('/api/dashboard');
      expect(response.status).toBe(200);
      expect(response.body.balances).toMatchObject({
        totalDeposit: total('deposit') / 100,
        referralBonus: total('referral_bonus') / 100,
        totalWithdrawal: total('withdrawal_paid') / 100,
        accountBalance: (total('deposit') + total('referral_bonus') - total('withdrawal_paid')) / 100,
      });
    }
  });

  it('does not queue transfers of different investors behind one system account', async () => {
    const [first, second] = investors;
    // The first transfer stays uncommitted while the second, on the same system account, must
    // finish: with the system row locked it would wait, and lock_timeout turns the wait into an error.
    let releaseFirst!: () => void;
    const firstHeld = new Promise<void>((resolve) => {
      releaseFirst = resolve;
    });
    let firstPosted!: () => void;
    const firstReady = new Promise<void>((resolve) => {
      firstPosted = resolve;
    });
    const firstTransfer = app.db.transaction(async (trx) => {
      await postTransfer(trx, deposit(first!.id, 1_000));
      firstPosted();
      await firstHeld;
    });
    await firstReady;
    try {
      await app.db.transaction(async (trx) => {
        await trx.raw("set local lock_timeout = '2s'");
        await postTransfer(trx, deposit(second!.id, 1_000));
      });
    } finally {
      releaseFirst();
      await firstTransfer;
    }
    expect(await ledgerViolations(app.db)).toEqual([]);
  });

  it('are checked: a total that drifted from its entries is reported', async () => {
    const [investor] = investors;
    await app
      .db('ledger_flow_totals')
      .where({ subject_user_id: investor!.id, transaction_kind: 'deposit' })
      .increment('total_cents', 1);
    const problems = await ledgerViolations(app.db);
    await app
      .db('ledger_flow_totals')
      .where({ subject_user_id: investor!.id, transaction_kind: 'deposit' })
      .decrement('total_cents', 1);
    expect(problems).toEqual([expect.stringContaining('flow totals differing from their entries')]);
  });
});
