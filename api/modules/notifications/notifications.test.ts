import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAdmin, signUpInvestor, useAdminApp } from '../../test/fixtures';
import { fundInvestor, uploadReceipt } from '../../test/receipts';
import { startSmtpCapture } from '../../test/smtp-capture';
import { startTestApp, type TestApp } from '../../test/test-app';
import { deliverDueNotifications } from './delivery';
import { retryDelayMs } from './retry-policy';

describe('notifications of money events', () => {
  const setup = useAdminApp();

  it('notifies once when three admins confirm one receipt at once', async () => {
    const investor = await signUpInvestor(setup.app);
    const upload = await uploadReceipt(investor.client, { email: investor.payload.email, amount: 80, coin: 'bitcoin' });
    const admins = [setup.admin, (await signInAdmin(setup.app)).client, (await signInAdmin(setup.app)).client];
    const answers = await Promise.all(
      admins.map((admin) => admin.post(`/api/admin/confirm-receipt/${upload.body.deposit.id}`)),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409, 409]);
    const inbox = (await investor.client.get('/api/notifications')).body;
    expect(inbox).toEqual({
      notifications: [
        {
          id: expect.any(String),
          kind: 'deposit.confirmed',
          title: 'Deposit of $80.00 credited',
          body: 'Your deposit of $80.00 in Bitcoin is confirmed and in your available balance.',
          link: '/transaction?tab=deposit',
          createdAt: expect.any(String),
          readAt: null,
        },
      ],
      unread: 1,
      total: 1,
    });
    const deliveries = await setup.app
      .db('notification_deliveries as d')
      .join('notifications as n', 'n.id', 'd.notification_id')
      .where('n.user_id', investor.user.id);
    expect(deliveries).toHaveLength(1);
  });

  it('mails once into the outbox when marking the delivery sent fails: the mail and the mark commit together', async () => {
    const investor = await signUpInvestor(setup.app);
    await fundInvestor(setup.app, investor, setup.admin, 70);
    const mails = () =>
      setup.app.db('mail_outbox').where({ to_address: investor.payload.email, subject: 'Deposit of $70.00 credited' });
    // The database refuses the mark, as when the primary goes away after the mail was written.
    await setup.app.db.raw(`
      create function refuse_delivery_sent() returns trigger language plpgsql as $$
      begin raise exception 'connection lost'; end $$;
      create trigger refuse_delivery_sent before update on notification_deliveries for each row
        when (new.status = 'sent') execute function refuse_delivery_sent();`);
    try {
      expect((await deliverDueNotifications(setup.app.deps)).failed).toBeGreaterThan(0);
    } finally {
      await setup.app.db.raw(
        'drop trigger refuse_delivery_sent on notification_deliveries; drop function refuse_delivery_sent();',
      );
    }
    expect(await mails()).toHaveLength(0);
    setup.app.clock.advance(retryDelayMs(1));
    await deliverDueNotifications(setup.app.deps);
    expect(await mails()).toHaveLength(1);
  });

  it('writes none when the money event rolls back', async () => {
    const investor = await signUpInvestor(setup.app);
    const upload = await uploadReceipt(investor.client, { email: investor.payload.email, amount: 60 });
    // The confirm's last write (its audit row) fails, after the notification was written in the same transaction.
    await setup.app.db.raw(`
      create function refuse_confirm_audit() returns trigger language plpgsql as $$
      begin raise exception 'audit refused'; end $$;
      create trigger refuse_confirm_audit before insert on audit_log for each row
        when (new.action = 'receipt.confirm') execute function refuse_confirm_audit();`);
    try {
      const answer = await setup.admin.post(`/api/admin/confirm-receipt/${upload.body.deposit.id}`);
      expect(answer.status).toBe(500);
    } finally {
      await setup.app.db.raw('drop trigger refuse_confirm_audit on audit_log; drop function refuse_confirm_audit();');
    }
    expect((await investor.client.get('/api/notifications')).body).toMatchObject({ notifications: [], unread: 0 });
    expect(await setup.app.db('notifications').where({ user_id: investor.user.id })).toEqual([]);
  });

  it('tells of withdrawals requested, paid and rejected, plans bought and referral bonuses, newest first', async () => {
    const referrer = await signUpInvestor(setup.app);
    const code = referrer.referralLink.split('/').pop();
    const investor = await signUpInvestor(setup.app, { referralCode: code });
    await investor.client.put('/api/update-profile', { bitcoinAddress: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq' });
    await fundInvestor(setup.app, investor, setup.admin, 500);
    const paid = (await investor.client.post('/api/withdrawals', { amount: 100, method: 'Bitcoin' })).body.withdrawal;
    await setup.admin.post(`/api/admin/withdrawals/${paid.id}/approve`, { txHash: `0x${'ab'.repeat(32)}` });
    const refused = (await investor.client.post('/api/withdrawals', { amount: 50, method: 'Bitcoin' })).body.withdrawal;
    await setup.admin.post(`/api/admin/withdrawals/${refused.id}/reject`, { reason: 'Address on hold' });
    await investor.client.post('/api/investments', { planId: 1, planVersion: 1, amount: 200 });
    const titles = (await investor.client.get('/api/notifications')).body.notifications.map(
      (notification: { kind: string; title: string }) => [notification.kind, notification.title],
    );
    expect(titles).toEqual([
      ['plan.bought', expect.stringMatching(/ plan started$/)],
      ['withdrawal.rejected', 'Withdrawal of $50.00 not paid'],
      ['withdrawal.requested', 'Withdrawal of $50.00 requested'],
      ['withdrawal.paid', 'Withdrawal of $100.00 paid'],
      ['withdrawal.requested', 'Withdrawal of $100.00 requested'],
      ['deposit.confirmed', 'Deposit of $500.00 credited'],
    ]);
    const bonus = (await referrer.client.get('/api/notifications')).body.notifications;
    expect(bonus).toEqual([expect.objectContaining({ kind: 'referral.bonus', link: '/referral-page' })]);
  });

  it('marks read some or all, only the caller’s own, and refuses anything else', async () => {
    const investor = await signUpInvestor(setup.app);
    const other = await signUpInvestor(setup.app);
    await fundInvestor(setup.app, investor, setup.admin, 70);
    await fundInvestor(setup.app, investor, setup.admin, 90);
    const [newest, oldest] = (await investor.client.get('/api/notifications')).body.notifications;
    expect((await other.client.post('/api/notifications/read', { ids: [newest.id] })).body).toEqual({ marked: 0 });
    expect((await investor.client.post('/api/notifications/read', { ids: [newest.id] })).body).toEqual({ marked: 1 });
    expect((await investor.client.get('/api/notifications')).body.unread).toBe(1);
    expect((await investor.client.post('/api/notifications/read', { all: true })).body).toEqual({ marked: 1 });
    const after = (await investor.client.get('/api/notifications')).body;
    expect(after.unread).toBe(0);
    expect(after.notifications.find((n: { id: string }) => n.id === oldest.id).readAt).toEqual(expect.any(String));
    for (const body of [{}, { ids: [] }, { ids: ['x'] }, { all: false }, { all: true, ids: ['1'] }])
      expect((await investor.client.post('/api/notifications/read', body)).status).toBe(400);
  });
});

describe('notification e-mail through a real SMTP server', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
  let app: TestApp;

  beforeAll(async () => {
    smtp = await startSmtpCapture();
    app = await startTestApp({ env: { SMTP_URL: smtp.url } });
  });
  afterAll(async () => {
    await app.close();
    await smtp.close();
  });

  it("is written in the investor's language and sent again after an outage", async () => {
    const investor = await signUpInvestor(app);
    const signIn = await app.client().request('POST', '/api/signin', {
      body: JSON.stringify({ email: investor.payload.email, password: investor.payload.password }),
      headers: { 'content-type': 'application/json' },
      cookie: 'language=fr',
    });
    expect(signIn.status).toBe(200);
    const { client: admin } = await signInAdmin(app);
    await fundInvestor(app, investor, admin, 1234.5, { coin: 'ethereum' });

    smtp.refuse(true);
    expect(await deliverDueNotifications(app.deps)).toEqual({ sent: 0, failed: 1 });
    expect(await deliverDueNotifications(app.deps)).toEqual({ sent: 0, failed: 0 });
    smtp.refuse(false);
    app.clock.advance(retryDelayMs(1));
    expect(await deliverDueNotifications(app.deps)).toEqual({ sent: 1, failed: 0 });
    expect(await deliverDueNotifications(app.deps)).toEqual({ sent: 0, failed: 0 });

    const mails = smtp.received.filter((mail) => mail.subject?.startsWith('Dépôt'));
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail!.subject).toMatch(/^Dépôt de 1\s234,50\s\$US crédité$/);
    expect(mail!.text).toContain('Ethereum');
    expect(mail!.text).toContain('http://app.test/transaction?tab=deposit');
    expect(mail!.html).toContain('href="http://app.test/transaction?tab=deposit"');
    expect((mail!.to as { text: string }).text).toBe(investor.payload.email);
  });

  it('follows a language changed after sign-in: the app shows it, the next mail is written in it', async () => {
    const investor = await signUpInvestor(app);
    const { client: admin } = await signInAdmin(app);
    const inbox = await investor.client.get('/api/notifications', { headers: { 'accept-language': 'de-DE,de;q=0.9' } });
    expect(inbox.status).toBe(200);
    expect(await app.db('users').where({ id: investor.user.id }).first('language')).toEqual({ language: 'de' });
    await fundInvestor(app, investor, admin, 321);
    expect(await deliverDueNotifications(app.deps)).toEqual({ sent: 1, failed: 0 });
    const mail = smtp.received.find(
      (received) =>
        (received.to as { text: string }).text === investor.payload.email && received.subject?.includes('321'),
    );
    expect(mail?.subject).toMatch(/^Einzahlung von 321,00\s\$ gutgeschrieben$/);
  });

  it('sends again what a worker claimed and never marked (it died), once its claim runs out', async () => {
    const investor = await signUpInvestor(app);
    const { client: admin } = await signInAdmin(app);
    await fundInvestor(app, investor, admin, 50);
    let claimed!: () => void;
    const sendStarted = new Promise<void>((resolve) => (claimed = resolve));
    const dying = {
      ...app.deps,
      mailer: { sendsIntoDatabase: false, send: () => (claimed(), new Promise<void>(() => {})) },
    };
    void deliverDueNotifications(dying);
    await sendStarted;
    expect(await deliverDueNotifications(app.deps)).toEqual({ sent: 0, failed: 0 });
    app.clock.advance(60_000);
    expect(await deliverDueNotifications(app.deps)).toEqual({ sent: 1, failed: 0 });
    const toInvestor = smtp.received.filter((mail) => (mail.to as { text: string }).text === investor.payload.email);
    // Besides the sign-up's verification code, the deposit's notice, once.
    expect(
      toInvestor.filter((mail) => !mail.subject?.endsWith('verification code')).map((mail) => mail.subject),
    ).toEqual(['Deposit of $50.00 credited']);
  });
});

describe('e-mail choices', () => {
  const setup = useAdminApp();

  it('are all on at first; a category turned off still notifies in the app but sends no e-mail', async () => {
    const investor = await signUpInvestor(setup.app);
    expect((await investor.client.get('/api/notification-preferences')).body).toEqual({
      preferences: [
        { category: 'deposit', email: true, push: true },
        { category: 'withdrawal', email: true, push: true },
        { category: 'plan', email: true, push: true },
        { category: 'referral', email: true, push: true },
      ],
    });
    const changed = await investor.client.put('/api/notification-preferences', { category: 'deposit', email: false });
    expect(changed.body.preferences[0]).toEqual({ category: 'deposit', email: false, push: true });
    // Each channel is its own choice: turning push off leaves the e-mail choice as it was.
    const pushOff = await investor.client.put('/api/notification-preferences', { category: 'plan', push: false });
    expect(pushOff.body.preferences[2]).toEqual({ category: 'plan', email: true, push: false });
    for (const body of [
      { category: 'security', email: false },
      { category: 'deposit' },
      { category: 'deposit', email: 'no' },
      { category: 'deposit', push: null },
      { category: 'operator', email: false },
    ])
      expect((await investor.client.put('/api/notification-preferences', body)).status).toBe(400);
    await fundInvestor(setup.app, investor, setup.admin, 75);
    expect((await investor.client.get('/api/notifications')).body.total).toBe(1);
    const deliveries = await setup.app
      .db('notification_deliveries as d')
      .join('notifications as n', 'n.id', 'd.notification_id')
      .where('n.user_id', investor.user.id);
    expect(deliveries).toEqual([]);
  });
});

describe('one-click unsubscribe (RFC 8058)', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
  let app: TestApp;

  beforeAll(async () => {
    smtp = await startSmtpCapture();
    app = await startTestApp({ env: { SMTP_URL: smtp.url } });
  });
  afterAll(async () => {
    await app.close();
    await smtp.close();
  });

  it("each mail's List-Unsubscribe link stops that category's e-mail for that person only", async () => {
    const investor = await signUpInvestor(app);
    const { client: admin } = await signInAdmin(app);
    await fundInvestor(app, investor, admin, 60);
    expect(await deliverDueNotifications(app.deps)).toEqual({ sent: 1, failed: 0 });
    const [mail] = smtp.received.filter((received) => received.subject === 'Deposit of $60.00 credited');
    const header = (name: string) =>
      mail!.headerLines.find((line) => line.key === name)?.line.replace(/^[^:]+:\s*/, '');
    expect(header('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    const link = /^<(.+)>$/.exec(header('list-unsubscribe') ?? '')![1]!;
    expect(link).toMatch(/^http:\/\/app\.test\/api\/unsubscribe\?token=/);
    expect(mail!.text).toContain('http://app.test/user-profile?tab=security');
    const path = link.replace('http://app.test', '');
    // What a mail client sends for one click.
    const oneClick = (to: string) =>
      app.client().request('POST', to, {
        body: 'List-Unsubscribe=One-Click',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });

    const forged = path.replace(/.$/, (last) => (last === 'A' ? 'B' : 'A'));
    expect((await oneClick(forged)).status).toBe(400);
    expect((await oneClick(path)).body).toEqual({ message: 'Unsubscribed' });
    expect((await investor.client.get('/api/notification-preferences')).body.preferences).toEqual([
      { category: 'deposit', email: false, push: true },
      { category: 'withdrawal', email: true, push: true },
      { category: 'plan', email: true, push: true },
      { category: 'referral', email: true, push: true },
    ]);
    await fundInvestor(app, investor, admin, 55);
    expect(await deliverDueNotifications(app.deps)).toEqual({ sent: 0, failed: 0 });
  });
});
