import { describe, expect, it } from 'vitest';
import { signUpInvestor, uniqueEmail, useAdminApp } from '../../test/fixtures';

describe('admin API', () => {
  const setup = useAdminApp();

  it("logs in with 'Login successful', adminId and token; refuses investors and bad passwords alike", async () => {
    const { payload } = await signUpInvestor(setup.app);
    const investorTry = await setup.app
      .client()
      .post('/api/admin/login', { email: payload.email, password: payload.password });
    const wrong = await setup.app
      .client()
      .post('/api/admin/login', { email: setup.adminEmail, password: 'not the password' });
    for (const response of [investorTry, wrong]) {
      expect(response.status).toBe(401);
      expect(response.body).toEqual({ message: 'Invalid email or password' });
    }
    const ok = await setup.app
      .client()
      .post('/api/admin/login', { email: setup.adminEmail.toUpperCase(), password: 'admin password 1' });
    expect(ok.body).toMatchObject({ message: 'Login successful', adminId: setup.adminId });
    expect(typeof ok.body.token).toBe('string');
  });

  it('shows an admin by id, and 404 for an unknown or malformed id', async () => {
    expect((await setup.admin.get(`/api/admin/me/${setup.adminId}`)).body).toEqual({
      admin: { email: setup.adminEmail, name: 'Test Admin' },
    });
    expect((await setup.admin.get('/api/admin/me/00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await setup.admin.get('/api/admin/me/not-a-uuid')).status).toBe(404);
  });

  it("adds an admin ('Admin added successfully'), recorded in the audit log; a taken e-mail gives 'Error adding admin'", async () => {
    const email = uniqueEmail('second-admin');
    const added = await setup.admin.post('/api/admin/add-admin', { email, password: 'second admin pw' });
    expect(added.status).toBe(201);
    expect(added.body).toEqual({ message: 'Admin added successfully' });
    expect((await setup.app.client().post('/api/admin/login', { email, password: 'second admin pw' })).status).toBe(
      200,
    );
    const again = await setup.admin.post('/api/admin/add-admin', { email, password: 'second admin pw' });
    expect(again.status).toBe(400);
    expect(again.body.message).toBe('Error adding admin');
    const invalid = await setup.admin.post('/api/admin/add-admin', { email: 'nope', password: 'short' });
    expect(invalid.body.message).toBe('Error adding admin');
    const audit = await setup.app.db('audit_log').where({ action: 'admin.add', actor_id: setup.adminId }).first();
    expect(audit.after).toMatchObject({ email, role: 'admin' });
  });

  it("resets a user's password ('Password reset successfully'), ending their sessions", async () => {
    const { client, payload } = await signUpInvestor(setup.app);
    const reset = await setup.admin.post('/api/admin/reset-password', {
      email: payload.email,
      newPassword: 'set by the admin',
    });
    expect(reset.body).toEqual({ message: 'Password reset successfully' });
    expect((await client.get('/api/user')).status).toBe(401);
    expect(
      (await setup.app.client().post('/api/signin', { email: payload.email, password: 'set by the admin' })).status,
    ).toBe(200);
    const unknown = await setup.admin.post('/api/admin/reset-password', {
      email: 'nobody@example.com',
      newPassword: 'whatever123',
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe('Error resetting password');
  });

  it('lists investors paginated and searchable by name and e-mail, and counts them', async () => {
    const marker = `zq${Date.now()}`;
    for (let index = 0; index < 3; index++) await signUpInvestor(setup.app, { lastName: `${marker}${index}` });
    const { count } = (await setup.admin.get('/api/count')).body;
    const page = await setup.admin.get('/api/users?page=1&pageSize=2');
    expect(page.body.total).toBe(count);
    expect(page.body.users).toHaveLength(2);
    expect(Object.keys(page.body.users[0]).sort()).toEqual([
      'availableBalance',
      'country',
      'createdAt',
      'email',
      'emailVerified',
      'id',
      'name',
    ]);
    const found = await setup.admin.get(`/api/users?search=${marker.toUpperCase()}`);
    expect(found.body.total).toBe(3);
    expect(found.body.users.every((user: { name: string }) => user.name.includes(marker))).toBe(true);
    const byEmail = await setup.admin.get(`/api/users?search=${encodeURIComponent(found.body.users[0].email)}`);
    expect(byEmail.body.total).toBe(1);
    expect((await setup.admin.get('/api/users?pageSize=1000')).status).toBe(400);
  });
});
