import { describe, expect, it } from 'vitest';
import { lastMailTo, signInAdmin, signUpInvestor, validSignup } from '../../../test/fixtures';
import { useTestApp } from '../../../test/test-app';
import { lastSeenResolutionMs } from './sessions.service';

const phone =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36';
const laptop =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15';

/** The `name=value` of a cookie the answer set, to send back like a browser would. */
const cookieFrom = (headers: Headers, name: string) =>
  headers
    .getSetCookie()
    .map((line) => line.split(';')[0]!)
    .find((pair) => pair.startsWith(`${name}=`));

describe('sessions list and control', () => {
  const app = useTestApp();

  async function signInFrom(email: string, password: string, userAgent: string, cookie?: string) {
    const client = app.client();
    const response = await client.post(
      '/api/signin',
      { email, password },
      { headers: { 'user-agent': userAgent }, cookie },
    );
    expect(response.status).toBe(200);
    client.token = response.body.token;
    return { client, response };
  }

  it("lists the caller's open sessions with browser, address, times and which one is current", async () => {
    const investor = await signUpInvestor(app);
    const { email, password } = investor.payload;
    const onPhone = await signInFrom(email, password, phone);
    const onLaptop = await signInFrom(email, password, laptop);
    await signUpInvestor(app); // someone else's sessions stay out of it
    const listed = await onPhone.client.get('/api/sessions');
    expect(listed.status).toBe(200);
    expect(listed.body.sessions).toHaveLength(3);
    const current = listed.body.sessions.filter((session: { current: boolean }) => session.current);
    expect(current).toHaveLength(1);
    expect(current[0]).toMatchObject({
      userAgent: phone,
      ip: onPhone.client.ip,
      createdAt: expect.any(String),
      lastSeenAt: expect.any(String),
    });
    expect(listed.body.sessions.map((session: { userAgent: string }) => session.userAgent)).toContain(laptop);
    expect(Object.keys(current[0]).sort()).toEqual(['createdAt', 'current', 'id', 'ip', 'lastSeenAt', 'userAgent']);
    expect(
      (await onLaptop.client.get('/api/sessions')).body.sessions.find((s: { current: boolean }) => s.current).userAgent,
    ).toBe(laptop);
  });

  it("ends one of the caller's own sessions; anyone else's is a 404", async () => {
    const investor = await signUpInvestor(app);
    const other = await signUpInvestor(app);
    const second = await signInFrom(investor.payload.email, investor.payload.password, laptop);
    const sessions = (await investor.client.get('/api/sessions')).body.sessions as Array<{
      id: string;
      current: boolean;
    }>;
    const laptopSession = sessions.find((session) => !session.current)!;
    expect((await other.client.request('DELETE', `/api/sessions/${laptopSession.id}`)).status).toBe(404);
    expect((await second.client.get('/api/userdata')).status).toBe(200);
    expect((await investor.client.request('DELETE', `/api/sessions/${laptopSession.id}`)).status).toBe(200);
    expect((await second.client.get('/api/userdata')).status).toBe(401);
    expect((await investor.client.request('DELETE', `/api/sessions/${laptopSession.id}`)).status).toBe(404);
    expect((await investor.client.request('DELETE', '/api/sessions/not-a-uuid')).status).toBe(404);
  });

  it('revoke-others ends every session but the current one', async () => {
    const investor = await signUpInvestor(app);
    const others = [
      await signInFrom(investor.payload.email, investor.payload.password, laptop),
      await signInFrom(investor.payload.email, investor.payload.password, phone),
    ];
    expect((await investor.client.post('/api/sessions/revoke-others')).status).toBe(200);
    for (const other of others) expect((await other.client.get('/api/userdata')).status).toBe(401);
    expect((await investor.client.get('/api/userdata')).status).toBe(200);
    expect((await investor.client.get('/api/sessions')).body.sessions).toHaveLength(1);
  });

  it('writes last_seen_at at most once per few minutes, not on every request', async () => {
    const investor = await signUpInvestor(app);
    const lastSeen = async () =>
      (await app.db('sessions').where({ user_id: investor.user.id }).first()).last_seen_at.getTime();
    const started = await lastSeen();
    app.clock.advance(lastSeenResolutionMs - 60_000);
    await investor.client.get('/api/userdata');
    expect(await lastSeen()).toBe(started);
    app.clock.advance(2 * 60_000);
    await investor.client.get('/api/userdata');
    expect(await lastSeen()).toBeGreaterThan(started + lastSeenResolutionMs);
  });
});

describe('sign-in from a new browser', () => {
  const app = useTestApp();

  const newBrowserMails = async (email: string) => {
    await app.deps.background.settled();
    return app.db('mail_outbox').where({ to_address: email }).where('subject', 'like', '%new browser%');
  };

  it('e-mails the owner once per browser the account has not seen, recognised by its device cookie', async () => {
    const client = app.client();
    const signup = await client.post('/api/signup', validSignup(), { headers: { 'user-agent': laptop } });
    const deviceCookie = cookieFrom(signup.headers, 'device');
    expect(deviceCookie).toMatch(/^device=[\w-]{43}$/);
    expect(signup.headers.getSetCookie().find((line) => line.startsWith('device='))).toMatch(/httponly/i);
    const { email } = signup.body.user;
    const password = 'correct horse battery';
    // The browser that signed up is known.
    await app
      .client()
      .post('/api/signin', { email, password }, { cookie: deviceCookie, headers: { 'user-agent': laptop } });
    expect(await newBrowserMails(email)).toHaveLength(0);
    // The same user agent without the cookie is another browser.
    const stranger = await app.client().post('/api/signin', { email, password }, { headers: { 'user-agent': phone } });
    expect(await newBrowserMails(email)).toHaveLength(1);
    const mail = await lastMailTo(app, email);
    expect(mail.body).toContain('Chrome on Android');
    expect(mail.body).toContain(`${app.deps.config.env.PUBLIC_URL}/reset-password`);
    expect(mail.body).toMatch(/\d{4}-\d\d-\d\d \d\d:\d\d UTC/);
    // That browser is now known too.
    await app
      .client()
      .post(
        '/api/signin',
        { email, password },
        { cookie: cookieFrom(stranger.headers, 'device'), headers: { 'user-agent': phone } },
      );
    expect(await newBrowserMails(email)).toHaveLength(1);
    // The cookie is stored only as a hash.
    const stored = await app.db('known_devices').select('device_hash');
    expect(stored.map((row) => row.device_hash)).not.toContain(deviceCookie!.slice('device='.length));
  });

  it('also tells an admin', async () => {
    const { email } = await signInAdmin(app);
    expect(await newBrowserMails(email)).toHaveLength(1);
  });
});
