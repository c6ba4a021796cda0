import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpInvestor } from '../../test/fixtures';
import { startPushService } from '../../test/push-service';
import { startTestApp, type TestApp } from '../../test/test-app';

// What POST /api/push-subscriptions refuses before storing: a browser that could never be sent to, or an address
// inside the operator's network written in one of IPv6's forms that carry an IPv4 address.
describe('push subscriptions checked when a browser subscribes', () => {
  let app: TestApp;
  let service: Awaited<ReturnType<typeof startPushService>>;
  let investor: Awaited<ReturnType<typeof signUpInvestor>>;
  beforeAll(async () => {
    service = await startPushService();
    app = await startTestApp({ env: { RATE_LIMITS: 'off' } });
    investor = await signUpInvestor(app);
  });
  afterAll(async () => {
    await app.close();
    await service.close();
  });
  const stored = () => app.db('push_subscriptions').where({ user_id: investor.user.id });

  it('refuses IPv6 addresses that carry a private or loopback IPv4 address', async () => {
    for (const host of [
      '[::127.0.0.1]', // IPv4-compatible ::/96
      '[::a9fe:a9fe]',
      '[::ffff:127.0.0.1]', // IPv4-mapped
      '[::ffff:0:a00:1]', // IPv4-translated (RFC 6145)
      '[64:ff9b::10.0.0.1]', // NAT64 (RFC 6052)
      '[64:ff9b:1::c0a8:1]', // local-use NAT64 (RFC 8215)
      '[2002:7f00:1::1]', // 6to4
      '[2001:0:4136:e378:8000:63bf:3fff:fdd2]', // Teredo
    ]) {
      const answer = await investor.client.post('/api/push-subscriptions', service.subscribe(host));
      expect(answer.status, host).toBe(400);
      expect(answer.body.message, host).toBe('This push endpoint is not allowed: it is not a public address');
    }
    expect(await stored()).toEqual([]);
  });

  it('refuses a p256dh that is not a point on P-256, and an auth secret that is not 16 bytes', async () => {
    const browser = service.subscribe('1.1.1.1');
    const point = Buffer.from(browser.keys.p256dh, 'base64url');
    const notOnCurve = Buffer.concat([Buffer.from([4]), Buffer.alloc(64, 1)]);
    const pastPrime = Buffer.concat([Buffer.from([4]), Buffer.alloc(64, 0xff)]);
    const compressed = Buffer.concat([Buffer.from([2 + (point[64]! & 1)]), point.subarray(1, 33)]);
    for (const p256dh of [notOnCurve, pastPrime, compressed].map((bytes) => bytes.toString('base64url'))) {
      const answer = await investor.client.post('/api/push-subscriptions', {
        ...browser,
        keys: { ...browser.keys, p256dh },
      });
      expect(answer.status, p256dh).toBe(400);
      expect(answer.body.errors, p256dh).toEqual({
        'keys.p256dh': 'must be a public key on the P-256 curve, uncompressed (65 bytes), in base64url',
      });
    }
    for (const auth of [Buffer.alloc(15, 7), Buffer.alloc(17, 7)].map((bytes) => bytes.toString('base64url'))) {
      const answer = await investor.client.post('/api/push-subscriptions', {
        ...browser,
        keys: { ...browser.keys, auth },
      });
      expect(answer.status, auth).toBe(400);
      expect(answer.body.errors, auth).toEqual({ 'keys.auth': 'must be a 16-byte auth secret in base64url' });
    }
    expect(await stored()).toEqual([]);
  });

  it('stores a browser with a real key on a public address, its keys as sent', async () => {
    const browser = service.subscribe('[2606:4700:4700::1111]');
    expect((await investor.client.post('/api/push-subscriptions', browser)).status).toBe(201);
    expect(await stored()).toEqual([expect.objectContaining({ endpoint: browser.endpoint, ...browser.keys })]);
  });
});
