import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { expectedReturnCents, planCatalogue } from '../../contracts/plans';
import { signUpInvestor, useAdminApp } from '../../test/fixtures';
import { uploadReceipt } from '../../test/receipts';
import { payMaturedInvestments } from '../investments/investments.service';
import { referralBonusCents } from '../referrals/referrals.service';
import { ledgerViolations } from './ledger-invariants';

type Action =
  | { type: 'upload'; who: number; cents: number; plan: number | null }
  | { type: 'confirm' | 'reject'; pick: number }
  | { type: 'invest'; who: number; plan: number; cents: number }
  | { type: 'withdraw'; who: number; cents: number }
  | { type: 'pay' | 'refuse'; pick: number }
  | { type: 'wait'; hours: number };

const who = fc.integer({ min: 0, max: 2 });
const cents = fc.integer({ min: 5_000, max: 2_000_000 });
const action: fc.Arbitrary<Action> = fc.oneof(
  fc.record({
    type: fc.constant('upload' as const),
    who,
    cents,
    plan: fc.option(fc.integer({ min: 1, max: 3 }), { nil: null }),
  }),
  fc.record({ type: fc.constantFrom('confirm' as const, 'reject' as const), pick: fc.nat() }),
  fc.record({ type: fc.constant('invest' as const), who, plan: fc.integer({ min: 1, max: 4 }), cents }),
  fc.record({ type: fc.constant('withdraw' as const), who, cents: fc.integer({ min: 1, max: 500_000 }) }),
  fc.record({ type: fc.constantFrom('pay' as const, 'refuse' as const), pick: fc.nat() }),
  fc.record({ type: fc.constant('wait' as const), hours: fc.integer({ min: 1, max: 80 }) }),
);

interface Model {
  available: number;
  invested: number;
  deposited: number;
  withdrawn: number;
  profit: number;
  referral: number;
  confirmed: number;
}
const freshModel = (): Model => ({
  available: 0,
  invested: 0,
  deposited: 0,
  withdrawn: 0,
  profit: 0,
  referral: 0,
  confirmed: 0,
});
const inPlan = (planId: number, amount: number) => {
  const plan = planCatalogue.find((candidate) => candidate.id === planId)!;
  return amount >= plan.minDeposit * 100 && (plan.maxDeposit === null || amount <= plan.maxDeposit * 100);
};

describe('ledger properties under random sequences of money operations', () => {
  const setup = useAdminApp();

  it('keeps every invariant and matches a simple model after each step', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(action, { minLength: 5, maxLength: 25 }), async (actions) => {
        // Investor 1 was referred by investor 0, so referral bonuses are exercised too.
        const first = await signUpInvestor(setup.app);
        const investors = [
          first,
          await signUpInvestor(setup.app, { referralCode: first.user.referralCode }),
          await signUpInvestor(setup.app),
        ];
        for (const investor of investors)
          await investor.client.put('/api/update-profile', { usdtAddress: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t' });
        const models = investors.map(freshModel);
        // The maturity job runs at a simulated time; the app clock stays put so sessions live on.
        let jobTime = setup.app.clock.now().getTime();
        const deposits: Array<{ id: string; who: number; cents: number; plan: number | null; open: boolean }> = [];
        const withdrawals: Array<{ id: string; who: number; cents: number; open: boolean }> = [];
        const investments: Array<{ who: number; cents: number; back: number; maturesAt: number; open: boolean }> = [];
        const openPick = <T extends { open: boolean }>(list: T[], pick: number) => {
          const open = list.filter((item) => item.open);
          return open.length ? open[pick % open.length] : undefined;
        };
        const startInvestment = (whoIndex: number, planId: number, amount: number) => {
          const plan = planCatalogue.find((candidate) => candidate.id === planId)!;
          const maturesAt = setup.app.clock.now().getTime() + plan.durationHours * 3_600_000;
          investments.push({
            who: whoIndex,
            cents: amount,
            back: expectedReturnCents(amount, plan.roiPercentage),
            maturesAt,
            open: true,
          });
          models[whoIndex]!.invested += amount;
        };

        for (const step of actions) {
          if (step.type === 'upload') {
            const plan = step.plan !== null && inPlan(step.plan, step.cents) ? step.plan : null;
            const reply = await uploadReceipt(investors[step.who]!.client, {
              email: investors[step.who]!.payload.email,
              amount: (step.cents / 100).toFixed(2),
              planId: plan ?? undefined,
            });
            expect(reply.status).toBe(201);
            deposits.push({ id: reply.body.deposit.id, who: step.who, cents: step.cents, plan, open: true });
          } else if (step.type === 'confirm' || step.type === 'reject') {
            const deposit = openPick(deposits, step.pick);
            if (!deposit) continue;
            const reply =
              step.type === 'confirm'
                ? await setup.admin.post(`/api/admin/confirm-receipt/${deposit.id}`)
                : await setup.admin.post(`/api/admin/reject-receipt/${deposit.id}`, { reason: 'does not match' });
            expect(reply.status).toBe(200);
            deposit.open = false;
            if (step.type === 'confirm') {
              const model = models[deposit.who]!;
              model.deposited += deposit.cents;
              if (deposit.plan) startInvestment(deposit.who, deposit.plan, deposit.cents);
              else model.available += deposit.cents;
              if (deposit.who === 1 && model.confirmed === 0) {
                const bonus = referralBonusCents(deposit.cents, setup.app.deps.config.operator.referralBonusRate);
                models[0]!.available += bonus;
                models[0]!.referral += bonus;
              }
              model.confirmed += 1;
            }
          } else if (step.type === 'invest') {
            const model = models[step.who]!;
            const reply = await investors[step.who]!.client.post('/api/investments', {
              planId: step.plan,
              planVersion: 1,
              amount: step.cents / 100,
            });
            const expected = !inPlan(step.plan, step.cents) ? 400 : step.cents > model.available ? 409 : 201;
            expect(reply.status).toBe(expected);
            if (expected === 201) {
              model.available -= step.cents;
              startInvestment(step.who, step.plan, step.cents);
            }
          } else if (step.type === 'withdraw') {
            const model = models[step.who]!;
            const reply = await investors[step.who]!.client.post('/api/withdrawals', {
              amount: step.cents / 100,
              method: 'USDT',
            });
            expect(reply.status).toBe(step.cents > model.available ? 409 : 201);
            if (reply.status === 201) {
              model.available -= step.cents;
              withdrawals.push({ id: reply.body.withdrawal.id, who: step.who, cents: step.cents, open: true });
            }
          } else if (step.type === 'pay' || step.type === 'refuse') {
            const withdrawal = openPick(withdrawals, step.pick);
            if (!withdrawal) continue;
            const reply =
              step.type === 'pay'
                ? await setup.admin.post(`/api/admin/withdrawals/${withdrawal.id}/approve`, { txHash: '0xfeedbeef42' })
                : await setup.admin.post(`/api/admin/withdrawals/${withdrawal.id}/reject`, {
                    reason: 'address refused',
                  });
            expect(reply.status).toBe(200);
            withdrawal.open = false;
            if (step.type === 'pay') models[withdrawal.who]!.withdrawn += withdrawal.cents;
            else models[withdrawal.who]!.available += withdrawal.cents;
          } else if (step.type === 'wait') {
            jobTime += step.hours * 3_600_000;
            await payMaturedInvestments(setup.app.db, new Date(jobTime));
            for (const investment of investments.filter((item) => item.open && item.maturesAt <= jobTime)) {
              const model = models[investment.who]!;
              investment.open = false;
              model.invested -= investment.cents;
              model.available += investment.back;
              model.profit += investment.back - investment.cents;
            }
          }

          expect(await ledgerViolations(setup.app.db)).toEqual([]);
          for (const [index, investor] of investors.entries()) {
            const model = models[index]!;
            const { balances, activePlans } = (await investor.client.get('/api/dashboard')).body;
            expect(balances).toEqual({
              accountBalance: model.available / 100,
              totalProfit: model.profit / 100,
              bonus: 0,
              referralBonus: model.referral / 100,
              totalDeposit: model.deposited / 100,
              totalWithdrawal: model.withdrawn / 100,
            });
            const invested = activePlans.reduce(
              (sum: number, plan: { amount: number }) => sum + Math.round(plan.amount * 100),
              0,
            );
            expect(invested).toBe(model.invested);
          }
        }
      }),
      { numRuns: 20 },
    );
  }, 240_000);
});
