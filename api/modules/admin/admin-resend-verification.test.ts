import { beforeAll, describe, expect, it } from 'vitest';
import { lastMailTo, signInAdmin, signUpInvestor } from '../../test/fixtures';
import { useTestApp } from '../../test/test-app';
import type { TestClient } from '../../test/test-client';

const codeIn = (body?: string) => /\b(\d{6})\b/.exec(body ?? '')?.[1] ?? '';

describe("the admin's 'send the verification mail again'", () => {
  const app = useTestApp();
  let admin: TestClient;
  let adminId: string;

  beforeAll(async () => {
    ({ client: admin, adminId } = await signInAdmin(app));
  });

  const investorId = async (email: string) => (await app.db('users').where({ email }).first()).id as string;

  it('mails a new code that verifies (the sign-up code no longer does), says its lifetime, and audits it', async () => {
    const { client, payload } = await signUpInvestor(app);
    const id = await investorId(payload.email);
    const first = codeIn((await lastMailTo(app, payload.email))?.body);
    const reply = await admin.post(`/api/admin/users/${id}/resend-verification`);
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    expect(reply.body).toEqual({ message: 'Verification e-mail sent', expiresInMinutes: 15 });
    const mail = await lastMailTo(app, payload.email);
    expect(mail?.body).toContain('It expires in 15 minutes.');
    const second = codeIn(mail?.body);
    if (second !== first) {
      const stale = await app.client().post('/api/verify-email', { email: payload.email, verificationCode: first });
      expect(stale.status).toBe(400);
    }
    const verified = await app.client().post('/api/verify-email', { email: payload.email, verificationCode: second });
    expect(verified.status).toBe(200);
    expect((await client.get('/api/userdata')).body.userData.emailVerified).toBe(true);
    const rows = await app.db('audit_log').where({ action: 'user.resend_verification', subject_id: id });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ actor_id: adminId, subject_type: 'user', after: { email: payload.email } });
  });

  it('refuses an address already verified (409), an unknown id or an admin (404), and an investor (403)', async () => {
    const { client, payload } = await signUpInvestor(app);
    const id = await investorId(payload.email);
    const code = codeIn((await lastMailTo(app, payload.email))?.body);
    await app.client().post('/api/verify-email', { email: payload.email, verificationCode: code });
    const mailsBefore = await app
      .db('mail_outbox')
      .where({ to_address: payload.email })
      .count<{ n: number }[]>('* as n');

    const verified = await admin.post(`/api/admin/users/${id}/resend-verification`);
    expect(verified.status).toBe(409);
    expect(verified.body.message).toBe('This e-mail is already verified');
    expect((await admin.post('/api/admin/users/00000000-0000-4000-8000-000000000000/resend-verification')).status).toBe(
      404,
    );
    expect((await admin.post(`/api/admin/users/${adminId}/resend-verification`)).status).toBe(404);
    expect((await client.post(`/api/admin/users/${id}/resend-verification`)).status).toBe(403);

    await app.deps.background.settled();
    const mailsAfter = await app
      .db('mail_outbox')
      .where({ to_address: payload.email })
      .count<{ n: number }[]>('* as n');
    expect(Number(mailsAfter[0]!.n)).toBe(Number(mailsBefore[0]!.n));
    expect(await app.db('audit_log').where({ action: 'user.resend_verification', subject_id: id })).toEqual([]);
  });
});
