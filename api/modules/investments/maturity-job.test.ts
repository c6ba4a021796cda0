import { describe, expect, it, vi } from 'vitest';
import { signInAdmin, signUpInvestor } from '../../test/fixtures';
import { fundInvestor } from '../../test/receipts';
import { useTestApp } from '../../test/test-app';
import { scheduleMaturityJob } from './maturity-job';

describe('scheduled maturity job', () => {
  const app = useTestApp();

  it('pays due investments on its own once the clock passes maturity', async () => {
    const admin = (await signInAdmin(app)).client;
    const investor = await signUpInvestor(app);
    await fundInvestor(app, investor, admin, 100);
    await investor.client.post('/api/investments', { planId: 1, planVersion: 1, amount: 100 });
    const jobClock = { now: () => new Date(Date.now() + 15 * 3_600_000) };
    const stop = scheduleMaturityJob(app.db, jobClock, app.deps.logger, 20);
    try {
      await vi.waitFor(
        async () => {
          const { balances } = (await investor.client.get('/api/dashboard')).body;
          expect(balances.accountBalance).toBe(105);
        },
        { timeout: 10_000, interval: 50 },
      );
    } finally {
      stop();
    }
  });
});
