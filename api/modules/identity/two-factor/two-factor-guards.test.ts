import { describe, expect, it } from 'vitest';
import { signInAdmin, signUpInvestor, uniqueEmail, useAdminApp } from '../../../test/fixtures';
import { fundedInvestor } from '../../../test/receipts';
import { useTestApp } from '../../../test/test-app';
import { enrolTwoFactor, totpCode, wrongCode } from '../../../test/two-factor';
import { createAdminService } from '../../admin/admin.service';

describe('two-factor guards withdrawals and admin login', () => {
  const setup = useAdminApp();

  it('a withdrawal needs the code once two-factor is enabled', async () => {
    const investor = await fundedInvestor(setup.app, setup.admin, 100);
    const { secret } = await enrolTwoFactor(setup.app, investor.client);
    const missing = await investor.client.post('/api/withdrawals', { amount: 10, method: 'Bitcoin' });
    expect(missing.status).toBe(401);
    expect(missing.body).toEqual({ message: 'Two-factor code required', twoFactorRequired: true });
    const wrong = await investor.client.post('/api/withdrawals', {
      amount: 10,
      method: 'Bitcoin',
      code: wrongCode(secret, setup.app.clock.now()),
    });
    expect(wrong.status).toBe(401);
    expect(wrong.body).toEqual({ message: 'Invalid two-factor code' });
    expect(await setup.app.db('withdrawals').where({ user_id: investor.user.id })).toHaveLength(0);
    const code = totpCode(secret, setup.app.clock.now());
    expect((await investor.client.post('/api/withdrawals', { amount: 10, method: 'Bitcoin', code })).status).toBe(201);
    expect((await investor.client.post('/api/withdrawals', { amount: 10, method: 'Bitcoin', code })).status).toBe(401);
    expect(await setup.app.db('withdrawals').where({ user_id: investor.user.id })).toHaveLength(1);
  });

  it('a withdrawal needs no code without two-factor', async () => {
    const investor = await fundedInvestor(setup.app, setup.admin, 100);
    expect((await investor.client.post('/api/withdrawals', { amount: 10, method: 'Bitcoin' })).status).toBe(201);
  });

  it('admin login needs the code once the admin enabled two-factor', async () => {
    const { client, email, password } = await signInAdmin(setup.app);
    const { secret } = await enrolTwoFactor(setup.app, client);
    const missing = await setup.app.client().post('/api/admin/login', { email, password });
    expect(missing.status).toBe(401);
    expect(missing.body).toEqual({ message: 'Two-factor code required', twoFactorRequired: true });
    expect((await setup.app.client().post('/api/admin/login', { email, password, code: '000000' })).body).toEqual({
      message: 'Invalid two-factor code',
    });
    const code = totpCode(secret, setup.app.clock.now());
    const right = await setup.app.client().post('/api/admin/login', { email, password, code });
    expect(right.status).toBe(200);
    expect(right.body).toMatchObject({ message: 'Login successful', token: expect.any(String) });
    expect((await setup.app.client().post('/api/admin/login', { email, password, code })).status).toBe(401);
  });
});

describe('requireAdminTwoFactor', () => {
  const app = useTestApp({ operator: { requireAdminTwoFactor: true } });

  it('holds an admin who has not enrolled at enrolment until two-factor is enabled', async () => {
    const email = uniqueEmail('admin');
    await createAdminService(app.deps).addAdmin(null, email, 'admin password 1', 'New Admin');
    const login = await app.client().post('/api/admin/login', { email, password: 'admin password 1' });
    expect(login.status).toBe(200);
    expect(login.body.twoFactorEnrollmentRequired).toBe(true);
    const client = app.client(login.body.token);
    const held = await client.get('/api/users');
    expect(held.status).toBe(403);
    expect(held.body).toEqual({ message: 'Two-factor enrolment required', twoFactorEnrollmentRequired: true });
    expect(
      (await client.post('/api/admin/add-admin', { email: uniqueEmail('x'), password: 'another password' })).status,
    ).toBe(403);
    expect((await client.get(`/api/admin/me/${login.body.adminId}`)).status).toBe(200);
    // The panel's own pages (served by the same app) still load, so the PWA can show enrolment.
    expect((await client.get('/dashboard-overview')).status).not.toBe(403);
    await enrolTwoFactor(app, client);
    expect((await client.get('/api/users')).status).toBe(200);
  });

  it('leaves investors alone', async () => {
    const investor = await signUpInvestor(app);
    expect((await investor.client.get('/api/dashboard')).status).toBe(200);
  });
});
