import { importJWK, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAdmin, signUpInvestor } from '../../test/fixtures';
import { startPushService } from '../../test/push-service';
import { fundInvestor } from '../../test/receipts';
import { startTestApp, type TestApp } from '../../test/test-app';
import { deliverDueNotifications, retryDelayMs } from '../notifications/notifications.api';

const pushDeliveriesOf = (app: TestApp, userId: string) =>
  app
    .db('notification_deliveries as d')
    .join('notifications as n', 'n.id', 'd.notification_id')
    .where({ 'n.user_id': userId, 'd.channel': 'push' })
    .select('d.status', 'd.push_subscription_id');

/** The VAPID public key (base64url, uncompressed point) as a JWK jose can verify with. */
const jwkOf = (publicKey: string) => {
  const point = Buffer.from(publicKey, 'base64url');
  return {
    kty: 'EC',
    crv: 'P-256',
    x: point.subarray(1, 33).toString('base64url'),
    y: point.subarray(33).toString('base64url'),
  };
};

describe('Web Push to a push service (RFC 8030/8291/8292)', () => {
  let service: Awaited<ReturnType<typeof startPushService>>;
  let app: TestApp;

  beforeAll(async () => {
    service = await startPushService();
    app = await startTestApp({
      env: { RATE_LIMITS: 'off', PUSH_ALLOW_PRIVATE_ENDPOINTS: 'on' },
      pushAgent: service.agent,
    });
  });
  afterAll(async () => {
    await app.close();
    await service.close();
  });

  it('sends each notification, encrypted to the browser, signed with the server key, carrying title, body and link only', async () => {
    const investor = await signUpInvestor(app);
    const browser = service.subscribe();
    expect((await investor.client.post('/api/push-subscriptions', browser)).status).toBe(201);
    const { client: admin } = await signInAdmin(app);
    await fundInvestor(app, investor, admin, 142.5, { coin: 'ethereum' });

    expect(await deliverDueNotifications(app.deps)).toEqual({ sent: 2, failed: 0 });
    const pushes = service.received.filter((push) => browser.endpoint.endsWith(push.path));
    expect(pushes).toHaveLength(1);
    const [push] = pushes;
    expect(service.read(push!)).toEqual({
      title: 'Deposit of $142.50 credited',
      body: 'Your deposit of $142.50 in Ethereum is confirmed and in your available balance.',
      link: '/transaction?tab=deposit',
    });
    expect(push!.headers['content-encoding']).toBe('aes128gcm');
    expect(Number(push!.headers.ttl)).toBe(86_400);
    // RFC 8292: `vapid t=<JWT signed ES256>, k=<public key>`, the JWT's audience the push service's origin.
    const { publicKey } = (await app.client().get('/api/push/public-key')).body;
    const [, token, key] = /^vapid t=([^,]+), k=(.+)$/.exec(String(push!.headers.authorization))!;
    expect(key).toBe(publicKey);
    const { payload } = await jwtVerify(token!, await importJWK(jwkOf(publicKey), 'ES256'));
    expect(payload.aud).toBe(`https://127.0.0.1:${service.port}`);
    expect(payload.sub).toMatch(/^mailto:/);
    expect(await pushDeliveriesOf(app, investor.user.id)).toEqual([
      { status: 'sent', push_subscription_id: expect.anything() },
    ]);
  });

  it('forgets a browser whose push service answers 410 Gone, and retries after a 500', async () => {
    const investor = await signUpInvestor(app);
    const { client: admin } = await signInAdmin(app);
    const browser = service.subscribe();
    await investor.client.post('/api/push-subscriptions', browser);

    service.status(500);
    await fundInvestor(app, investor, admin, 60);
    expect((await deliverDueNotifications(app.deps)).failed).toBe(1);
    expect(await pushDeliveriesOf(app, investor.user.id)).toEqual([
      { status: 'pending', push_subscription_id: expect.anything() },
    ]);

    service.status(410);
    app.clock.advance(retryDelayMs(1));
    await deliverDueNotifications(app.deps);
    expect(await app.db('push_subscriptions').where({ user_id: investor.user.id })).toEqual([]);
    expect(await pushDeliveriesOf(app, investor.user.id)).toEqual([]);
    service.status(201);

    // With no browser left, later events notify in the app and by e-mail only.
    await fundInvestor(app, investor, admin, 61);
    expect(await pushDeliveriesOf(app, investor.user.id)).toEqual([]);
    expect((await investor.client.get('/api/notifications')).body.total).toBe(2);
  });

  it('sends no push for a category whose push is turned off, and none to a browser turned off', async () => {
    const investor = await signUpInvestor(app);
    const { client: admin } = await signInAdmin(app);
    const browser = service.subscribe();
    await investor.client.post('/api/push-subscriptions', browser);
    await investor.client.put('/api/notification-preferences', { category: 'deposit', push: false });
    await fundInvestor(app, investor, admin, 62);
    expect(await pushDeliveriesOf(app, investor.user.id)).toEqual([]);

    await investor.client.put('/api/notification-preferences', { category: 'deposit', push: true });
    const off = await investor.client.delete('/api/push-subscriptions', { json: { endpoint: browser.endpoint } });
    expect(off.body).toMatchObject({ removed: 1 });
    await fundInvestor(app, investor, admin, 63);
    expect(await pushDeliveriesOf(app, investor.user.id)).toEqual([]);
  });

  it('moves a browser to whoever subscribes it last; another person cannot remove it', async () => {
    const first = await signUpInvestor(app);
    const second = await signUpInvestor(app);
    const browser = service.subscribe();
    await first.client.post('/api/push-subscriptions', browser);
    await second.client.post('/api/push-subscriptions', browser);
    const owners = await app.db('push_subscriptions').where({ endpoint: browser.endpoint }).pluck('user_id');
    expect(owners).toEqual([second.user.id]);
    const removed = await first.client.delete('/api/push-subscriptions', { json: { endpoint: browser.endpoint } });
    expect(removed.body).toMatchObject({ removed: 0 });
    expect(await app.db('push_subscriptions').where({ endpoint: browser.endpoint })).toHaveLength(1);
  });

  it('keeps the ten newest browsers of a person', async () => {
    const investor = await signUpInvestor(app);
    const browsers = Array.from({ length: 12 }, () => service.subscribe());
    for (const browser of browsers) {
      app.clock.advance(1_000);
      expect((await investor.client.post('/api/push-subscriptions', browser)).status).toBe(201);
    }
    const kept = await app.db('push_subscriptions').where({ user_id: investor.user.id }).pluck('endpoint');
    expect(kept.sort()).toEqual(
      browsers
        .slice(2)
        .map((browser) => browser.endpoint)
        .sort(),
    );
  });
});

describe('push subscriptions refused', () => {
  let app: TestApp;
  let service: Awaited<ReturnType<typeof startPushService>>;
  beforeAll(async () => {
    service = await startPushService();
    app = await startTestApp({ env: { RATE_LIMITS: 'off' } });
  });
  afterAll(async () => {
    await app.close();
    await service.close();
  });

  it('needs a session, an https endpoint and well-formed keys', async () => {
    const investor = await signUpInvestor(app);
    const browser = service.subscribe('push.example.net');
    expect((await app.client().post('/api/push-subscriptions', browser)).status).toBe(401);
    const bad = [
      { ...browser, endpoint: 'http://push.example.net/send/1' },
      { ...browser, endpoint: 'not a url' },
      { ...browser, keys: { ...browser.keys, p256dh: 'AAAA' } },
      { ...browser, keys: { ...browser.keys, auth: `${browser.keys.auth}AA` } },
      { ...browser, keys: { p256dh: browser.keys.p256dh } },
      { ...browser, extra: 1 },
      { endpoint: browser.endpoint },
    ];
    for (const body of bad) {
      const answer = await investor.client.post('/api/push-subscriptions', body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.message).toEqual(expect.any(String));
    }
    expect(await app.db('push_subscriptions')).toEqual([]);
  });

  it('refuses endpoints on private, loopback or link-local addresses (server-side request forgery)', async () => {
    const investor = await signUpInvestor(app);
    for (const host of [
      '127.0.0.1',
      'localhost',
      '10.1.2.3',
      '192.168.0.10',
      '169.254.169.254',
      '[::1]',
      '[fd00::1]',
    ]) {
      const answer = await investor.client.post('/api/push-subscriptions', service.subscribe(host));
      expect(answer.status, host).toBe(400);
      expect(answer.body.message, host).toBe('This push endpoint is not allowed: it is not a public address');
    }
    expect(await app.db('push_subscriptions')).toEqual([]);
  });

  it('never calls a private address at send time either, whatever was stored', async () => {
    const investor = await signUpInvestor(app);
    const { client: admin } = await signInAdmin(app);
    // Stored as if the name had resolved to a public address when subscribed, and to a private one now.
    for (const host of [`127.0.0.1:${service.port}`, `localhost:${service.port}`]) {
      const browser = service.subscribe(host);
      await app.db('push_subscriptions').insert({
        user_id: investor.user.id,
        endpoint: browser.endpoint,
        p256dh: browser.keys.p256dh,
        auth: browser.keys.auth,
        created_at: app.clock.now(),
      });
    }
    await fundInvestor(app, investor, admin, 70);
    const before = service.received.length;
    expect(await deliverDueNotifications(app.deps)).toMatchObject({ failed: 2 });
    expect(service.received.length).toBe(before);
    expect((await pushDeliveriesOf(app, investor.user.id)).map((row) => row.status)).toEqual(['failed', 'failed']);
  });
});

describe('VAPID keys', () => {
  it('are made on the first start, kept in the database and the same for every replica', async () => {
    const first = await startTestApp();
    const second = await startTestApp({ database: first.db });
    try {
      const keys = await Promise.all(
        [first, second].map(async (app) => (await app.client().get('/api/push/public-key')).body),
      );
      expect(keys[0].publicKey).toMatch(/^B[A-Za-z0-9_-]{86}$/);
      expect(keys[1]).toEqual(keys[0]);
      expect(await first.db('server_keys').pluck('name')).toEqual(['vapid']);
    } finally {
      await second.close();
      await first.close();
    }
  });

  it('come from VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY when set, which go together', async () => {
    const publicKey = `B${'E'.repeat(86)}`;
    const app = await startTestApp({ env: { VAPID_PUBLIC_KEY: publicKey, VAPID_PRIVATE_KEY: 'x'.repeat(43) } });
    try {
      expect((await app.client().get('/api/push/public-key')).body).toEqual({ publicKey });
    } finally {
      await app.close();
    }
    await expect(startTestApp({ env: { VAPID_PUBLIC_KEY: publicKey } })).rejects.toThrow(
      'VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY: set both or neither',
    );
  });
});
