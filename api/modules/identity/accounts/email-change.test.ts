import { describe, expect, it } from 'vitest';
import { lastMailTo, signUpInvestor, uniqueEmail } from '../../../test/fixtures';
import { useTestApp } from '../../../test/test-app';

const restoreTokenIn = (body?: string) => /restore-email\?token=([\w-]+)/.exec(body ?? '')?.[1] ?? '';

describe('changing the e-mail address', () => {
  const app = useTestApp();

  it('needs the current password in the same body; missing or wrong changes nothing', async () => {
    const { client, payload } = await signUpInvestor(app);
    const target = uniqueEmail('moved');
    const missing = await client.put('/api/update-profile', { email: target, firstName: 'Mallory' });
    expect(missing.status).toBe(400);
    expect(missing.body.errors).toEqual({ currentPassword: 'Enter your current password to change your e-mail' });
    const wrong = await client.put('/api/update-profile', { email: target, currentPassword: 'not the password' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors).toEqual({ currentPassword: 'Current password is incorrect' });
    const { user } = (await client.get('/api/user')).body;
    expect(user).toMatchObject({ email: payload.email, firstName: 'Ada' });
    // Other fields save without a password.
    expect((await client.put('/api/update-profile', { firstName: 'Ada May', email: payload.email })).status).toBe(200);
  });

  it('tells the old address what changed, when and from where, with a link that restores it and ends every session', async () => {
    const { client, payload } = await signUpInvestor(app);
    const otherDevice = app.client((await app.client().post('/api/signin', payload)).body.token);
    const target = uniqueEmail('moved');
    const changed = await client.put(
      '/api/update-profile',
      { email: target, currentPassword: payload.password },
      { headers: { 'user-agent': 'Probe Browser/1.0' } },
    );
    expect(changed.status).toBe(200);
    const notice = await lastMailTo(app, payload.email);
    expect(notice?.subject).toMatch(/e-mail address of your account was changed/);
    expect(notice?.body).toContain(`from ${payload.email} to ${target}`);
    expect(notice?.body).toContain('Probe Browser/1.0');
    expect(notice?.body).toMatch(/\d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC/);
    const token = restoreTokenIn(notice?.body);
    expect(token).not.toBe('');

    const restored = await app.client().post('/api/restore-email', { token });
    expect(restored.status).toBe(200);
    for (const session of [client, otherDevice]) expect((await session.get('/api/user')).status).toBe(401);
    const signin = await app.client().post('/api/signin', payload);
    expect(signin.status).toBe(200);
    expect(signin.body.user.email).toBe(payload.email);
    const again = await app.client().post('/api/restore-email', { token });
    expect(again.status).toBe(400);
    expect(again.body).toEqual({ message: 'Invalid or expired link' });
  });

  it('keeps the owner’s link alive through a second change, and refuses a link after 7 days', async () => {
    const { client, payload } = await signUpInvestor(app);
    const second = uniqueEmail('second');
    await client.put('/api/update-profile', { email: second, currentPassword: payload.password });
    const ownersLink = restoreTokenIn((await lastMailTo(app, payload.email))?.body);
    await client.put('/api/update-profile', { email: uniqueEmail('third'), currentPassword: payload.password });
    const intrudersLink = restoreTokenIn((await lastMailTo(app, second))?.body);
    expect((await app.client().post('/api/restore-email', { token: ownersLink })).status).toBe(200);
    // The owner's restore voids the link the second change sent to the intruder's address.
    expect((await app.client().post('/api/restore-email', { token: intrudersLink })).status).toBe(400);
    expect((await app.client().post('/api/signin', payload)).status).toBe(200);

    const late = await signUpInvestor(app);
    await late.client.put('/api/update-profile', {
      email: uniqueEmail('late'),
      currentPassword: late.payload.password,
    });
    const lateLink = restoreTokenIn((await lastMailTo(app, late.payload.email))?.body);
    const sevenDaysAndASecond = 7 * 24 * 60 * 60_000 + 1000;
    app.clock.advance(sevenDaysAndASecond);
    try {
      expect((await app.client().post('/api/restore-email', { token: lateLink })).status).toBe(400);
    } finally {
      app.clock.advance(-sevenDaysAndASecond);
    }
  });

  it('does not hand the old address back once another account holds it', async () => {
    const { client, payload } = await signUpInvestor(app);
    await client.put('/api/update-profile', { email: uniqueEmail('moved'), currentPassword: payload.password });
    const token = restoreTokenIn((await lastMailTo(app, payload.email))?.body);
    await signUpInvestor(app, { email: payload.email });
    const restore = await app.client().post('/api/restore-email', { token });
    expect(restore.status).toBe(409);
  });
});
