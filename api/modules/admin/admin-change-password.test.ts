import { describe, expect, it } from 'vitest';
import { signInAdmin } from '../../test/fixtures';
import { useTestApp } from '../../test/test-app';
import { enrolTwoFactor, totpCode, wrongCode } from '../../test/two-factor';

describe("the admin's own password, changed from the Security page", () => {
  const app = useTestApp();

  /** An admin signed in on two devices: the desk where they change it, and another. */
  async function adminOnTwoDevices() {
    const desk = await signInAdmin(app);
    const other = app.client();
    other.token = (await other.post('/api/admin/login', { email: desk.email, password: desk.password })).body.token;
    return { ...desk, other };
  }

  it('takes the current password, ends the other sessions but this one, and audits it', async () => {
    const admin = await adminOnTwoDevices();
    const reply = await admin.client.post('/api/admin/change-password', {
      currentPassword: admin.password,
      newPassword: 'a fresh admin passphrase',
    });
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    expect(reply.body).toEqual({ message: 'Password changed; your other sessions have ended' });
    expect((await admin.client.get('/api/admin/stats')).status).toBe(200);
    expect((await admin.other.get('/api/admin/stats')).status).toBe(401);
    const login = (password: string) => app.client().post('/api/admin/login', { email: admin.email, password });
    expect((await login(admin.password)).status).toBe(401);
    expect((await login('a fresh admin passphrase')).status).toBe(200);
    const rows = await app.db('audit_log').where({ action: 'account.change_password', subject_id: admin.adminId });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ actor_id: admin.adminId, after: { email: admin.email, sessionsEnded: true } });
  });

  it('refuses a wrong current password with 400 by its field, and changes nothing', async () => {
    const admin = await adminOnTwoDevices();
    const reply = await admin.client.post('/api/admin/change-password', {
      currentPassword: 'not my password',
      newPassword: 'a fresh admin passphrase',
    });
    expect(reply.status).toBe(400);
    expect(reply.body).toEqual({
      message: 'Current password is incorrect',
      errors: { currentPassword: 'Current password is incorrect' },
    });
    expect((await admin.other.get('/api/admin/stats')).status).toBe(200);
    expect(await app.db('audit_log').where({ action: 'account.change_password', subject_id: admin.adminId })).toEqual(
      [],
    );
  });

  it('refuses a weak new password by its field', async () => {
    const admin = await adminOnTwoDevices();
    const reply = await admin.client.post('/api/admin/change-password', {
      currentPassword: admin.password,
      newPassword: 'short',
    });
    expect(reply.status).toBe(400);
    expect(reply.body.errors).toEqual({ newPassword: 'Password must be at least 8 characters' });
  });

  it('asks for the two-factor code once enrolled, and refuses a wrong one', async () => {
    const admin = await adminOnTwoDevices();
    const { secret } = await enrolTwoFactor(app, admin.client);
    const change = (code?: string) =>
      admin.client.post('/api/admin/change-password', {
        currentPassword: admin.password,
        newPassword: 'a fresh admin passphrase',
        code,
      });
    const missing = await change();
    expect(missing.status).toBe(401);
    expect(missing.body).toEqual({ message: 'Two-factor code required', twoFactorRequired: true });
    expect((await change(wrongCode(secret, app.clock.now()))).body).toEqual({ message: 'Invalid two-factor code' });
    // The desk's session survives a refused code.
    expect((await admin.client.get('/api/admin/stats')).status).toBe(200);
    const done = await change(totpCode(secret, app.clock.now()));
    expect(done.status, JSON.stringify(done.body)).toBe(200);
  });

  it('is an admin route: an investor session or none is refused', async () => {
    const anonymous = await app.client().post('/api/admin/change-password', {
      currentPassword: 'x',
      newPassword: 'a fresh admin passphrase',
    });
    expect(anonymous.status).toBe(401);
  });
});
