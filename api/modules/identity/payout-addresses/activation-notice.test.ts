import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notificationCategories } from '../../../contracts/notifications';
import { signUpInvestor } from '../../../test/fixtures';
import { startSmtpCapture } from '../../../test/smtp-capture';
import { startTestApp, type TestApp } from '../../../test/test-app';
import { deliverDueNotifications } from '../../notifications/notifications.api';
import { createPayoutAddressService } from './payout-addresses.service';

const oldAddress = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';
const newAddress = '1BoatSLRHtKNngkdXEeobR76b53LETtpyT';
const hour = 3_600_000;

describe('a payout-address change coming into force is a security notice', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
  let app: TestApp;

  beforeAll(async () => {
    smtp = await startSmtpCapture();
    app = await startTestApp({ env: { SMTP_URL: smtp.url, RATE_LIMITS: 'off' } });
  });
  afterAll(async () => {
    await app?.close();
    await smtp?.close();
  });

  const mailsTo = (email: string) => smtp.received.filter((mail) => (mail.to as { text: string }).text === email);
  const header = (mail: (typeof smtp.received)[number], name: string) =>
    mail.headerLines.find((line) => line.key === name);

  /** An investor with a Bitcoin address in force, every e-mail category turned off, and a confirmed change held. */
  async function heldChange(bitcoinAddress: string) {
    const investor = await signUpInvestor(app);
    expect((await investor.client.put('/api/update-profile', { bitcoinAddress: oldAddress })).status).toBe(200);
    for (const category of notificationCategories) {
      const reply = await investor.client.put('/api/notification-preferences', { category, email: false, push: false });
      expect(reply.status).toBe(200);
    }
    expect((await investor.client.put('/api/update-profile', { bitcoinAddress })).status).toBe(200);
    const confirmation = mailsTo(investor.payload.email).find((mail) => /confirm your new bitcoin/.test(mail.subject!));
    const token = /confirm-payout-address\?token=([\w-]+)/.exec(confirmation!.text!)![1]!;
    expect((await app.client().post('/api/payout-addresses/confirm', { token })).status).toBe(200);
    return investor;
  }

  /** A new session: the investor's first one has run out once the clock passed the hold. */
  async function signIn(investor: Awaited<ReturnType<typeof signUpInvestor>>) {
    const reply = await app
      .client()
      .post('/api/signin', { email: investor.payload.email, password: investor.payload.password });
    expect(reply.status).toBe(200);
    investor.client.token = reply.body.token;
  }

  const securityNotices = (userId: string) =>
    app.db('notifications').where({ user_id: userId, kind: 'security.payout-address' });

  it('is written when the hold is over, once, and mailed though every e-mail choice is off', async () => {
    const investor = await heldChange(newAddress);
    const service = createPayoutAddressService(app.deps);
    app.clock.advance(23 * hour);
    expect(await service.activateAllDue()).toBe(0);
    expect(await securityNotices(investor.user.id)).toEqual([]);

    app.clock.advance(1 * hour + 60_000);
    expect(await service.activateAllDue()).toBe(1);
    expect(await service.activateAllDue()).toBe(0);
    // Read lazily too (the overview puts due changes in force): nothing new.
    await signIn(investor);
    expect((await investor.client.get('/api/payout-addresses')).body.addresses.bitcoin).toEqual({
      address: newAddress,
      pending: null,
    });
    expect((await investor.client.get('/api/notifications')).body).toEqual({
      notifications: [
        {
          id: expect.any(String),
          kind: 'security.payout-address',
          title: 'New Bitcoin payout address in force',
          body: `Your new Bitcoin payout address ${newAddress} is now in force: withdrawals go to it. If you did not ask for this change, contact support at once.`,
          link: '/user-profile',
          createdAt: expect.any(String),
          readAt: null,
        },
      ],
      unread: 1,
      total: 1,
    });
    const deliveries = await app
      .db('notification_deliveries as d')
      .join('notifications as n', 'n.id', 'd.notification_id')
      .where('n.user_id', investor.user.id)
      .select('d.channel', 'd.status');
    expect(deliveries).toEqual([{ channel: 'email', status: 'pending' }]);

    expect(await deliverDueNotifications(app.deps)).toEqual({ sent: 1, failed: 0 });
    const [mail, ...more] = mailsTo(investor.payload.email).filter((received) =>
      received.subject?.includes('payout address in force'),
    );
    expect(more).toEqual([]);
    expect(mail!.subject).toBe('New Bitcoin payout address in force');
    expect(mail!.text).toContain(newAddress);
    expect(mail!.text).toContain('This is a security notice about your account; it cannot be turned off.');
    expect(mail!.text).toContain('because it concerns the security of your');
    expect(mail!.text).not.toContain('because money moved');
    expect(mail!.text).not.toContain('Choose which e-mails you get');
    expect(header(mail!, 'list-unsubscribe')).toBeUndefined();
    expect(header(mail!, 'list-unsubscribe-post')).toBeUndefined();
    expect(mail!.text).toContain('http://app.test/user-profile');
  });

  it('of two activation runs at once, one puts the change in force and notifies', async () => {
    const investor = await heldChange(newAddress);
    app.clock.advance(24 * hour + 60_000);
    const service = createPayoutAddressService(app.deps);
    await Promise.all([service.activateAllDue(), service.activateAllDue(), service.activateAllDue()]);
    expect(await securityNotices(investor.user.id)).toHaveLength(1);
    const activations = await app
      .db('audit_log')
      .where({ subject_id: investor.user.id, action: 'payout_address.activate' });
    expect(activations).toHaveLength(1);
    expect(await deliverDueNotifications(app.deps)).toEqual({ sent: 1, failed: 0 });
  });

  it('says so when the change removes the address', async () => {
    const investor = await heldChange('');
    app.clock.advance(24 * hour + 60_000);
    expect(await createPayoutAddressService(app.deps).activateAllDue()).toBe(1);
    await signIn(investor);
    expect((await investor.client.get('/api/notifications')).body.notifications).toEqual([
      expect.objectContaining({
        kind: 'security.payout-address',
        title: 'Bitcoin payout address removed',
        body: 'Your Bitcoin payout address was removed as you asked; add one before your next Bitcoin withdrawal. If you did not ask for this, contact support at once.',
      }),
    ]);
    expect(await deliverDueNotifications(app.deps)).toEqual({ sent: 1, failed: 0 });
    const mail = mailsTo(investor.payload.email).find((received) => received.subject?.endsWith('address removed'));
    expect(mail).toBeDefined();
    expect(header(mail!, 'list-unsubscribe')).toBeUndefined();
  });
});
