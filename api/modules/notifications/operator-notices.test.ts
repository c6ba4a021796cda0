import type { ParsedMail } from 'mailparser';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { signInAdmin, signUpInvestor } from '../../test/fixtures';
import { fundedInvestor, uploadReceipt } from '../../test/receipts';
import { startSmtpCapture } from '../../test/smtp-capture';
import { startTestApp, useTestApp, type TestApp } from '../../test/test-app';
import type { TestClient } from '../../test/test-client';
import { deliverDueNotifications } from './delivery';
import { sendDueDigests } from './operator-digest';

const minute = 60_000;

interface View {
  kind: string;
  title: string;
  body: string;
  link: string;
}

const inbox = async (client: TestClient) => (await client.get('/api/notifications')).body.notifications as View[];

async function upload(investor: { client: TestClient; payload: { email: string } }, amount: number) {
  const reply = await uploadReceipt(investor.client, { email: investor.payload.email, amount });
  if (reply.status !== 201) throw new Error(`upload failed: ${reply.status} ${JSON.stringify(reply.body)}`);
  return reply.body.deposit.id as string;
}

describe("operators' notices in the app", () => {
  const app = useTestApp();
  let admins: Awaited<ReturnType<typeof signInAdmin>>[];

  beforeAll(async () => {
    admins = [await signInAdmin(app), await signInAdmin(app)];
  });

  it("a receipt upload gives each admin one 'operator.receipt' notice, and the investor none", async () => {
    const investor = await signUpInvestor(app);
    await upload(investor, 80);
    for (const admin of admins) {
      const mine = (await inbox(admin.client)).filter((n) => n.body.includes(investor.payload.email));
      expect(mine).toEqual([
        expect.objectContaining({
          kind: 'operator.receipt',
          title: 'Receipt of $80.00 waiting',
          body: `${investor.payload.email} uploaded a receipt for $80.00. It waits for a decision.`,
          link: '/receipts',
        }),
      ]);
    }
    expect((await investor.client.get('/api/notifications')).body).toMatchObject({ notifications: [], total: 0 });
    // One notification row per admin, each with its own event key.
    const rows = await app
      .db('notifications')
      .where({ kind: 'operator.receipt' })
      .whereRaw("params->>'email' = ?", [investor.payload.email]);
    expect(rows.map((row) => row.user_id).sort()).toEqual(admins.map((admin) => admin.adminId).sort());
  });

  it("a withdrawal request gives each admin one 'operator.withdrawal' notice, and the investor only their own", async () => {
    const investor = await fundedInvestor(app, admins[0]!.client, 500);
    const reply = await investor.client.post('/api/withdrawals', { amount: 100, method: 'Bitcoin' });
    expect(reply.status).toBe(201);
    for (const admin of admins) {
      const mine = (await inbox(admin.client)).filter(
        (n) => n.kind === 'operator.withdrawal' && n.body.includes(investor.payload.email),
      );
      expect(mine).toEqual([
        expect.objectContaining({
          title: 'Withdrawal of $100.00 requested',
          body: `${investor.payload.email} asked to withdraw $100.00 to Bitcoin. It waits for payment.`,
          link: '/admin/withdrawals',
        }),
      ]);
    }
    expect((await inbox(investor.client)).map((n) => n.kind)).toEqual(['withdrawal.requested', 'deposit.confirmed']);
  });
});

describe("operators' digest e-mail through a real SMTP server", () => {
  let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
  const opened: TestApp[] = [];

  beforeAll(async () => {
    smtp = await startSmtpCapture();
  });
  afterEach(async () => {
    smtp.refuse(false);
    while (opened.length > 0) await opened.pop()!.close();
  });
  afterAll(() => smtp?.close());

  /** A fresh app (so no earlier test's admins or digests count), two admins and an investor. */
  async function digestSetup() {
    const app = await startTestApp({ env: { SMTP_URL: smtp.url, RATE_LIMITS: 'off' } });
    opened.push(app);
    const admins = [await signInAdmin(app), await signInAdmin(app)];
    const investor = await signUpInvestor(app);
    await app.deps.background.settled();
    const site = app.deps.config.operator.siteName;
    // Mail sent from here on (the admins' new-device sign-in notices came before).
    const mark = smtp.received.length;
    const mailedSince = () => smtp.received.slice(mark);
    const digestsTo = (email: string) =>
      smtp.received.filter(
        (mail) => (mail.to as { text: string }).text === email && mail.subject?.endsWith(`for the ${site} operators`),
      );
    return { app, admins, investor, site, digestsTo, mailedSince };
  }

  const line = (email: string, amount: string) =>
    `- Receipt of ${amount} waiting\n  ${email} uploaded a receipt for ${amount}. It waits for a decision.\n  http://app.test/receipts`;

  it('sends one mail per admin listing every notice, then at most one per 15 minutes', async () => {
    const { app, admins, investor, site, digestsTo } = await digestSetup();
    const email = investor.payload.email;
    for (const amount of [80, 120.5, 99]) await upload(investor, amount);

    expect(await sendDueDigests(app.deps)).toBe(2);
    for (const admin of admins) {
      const mails = digestsTo(admin.email);
      expect(mails).toHaveLength(1);
      const [mail] = mails as [ParsedMail];
      expect(mail.subject).toBe(`3 new notices for the ${site} operators`);
      expect(mail.text).toBe(
        `These 3 things happened since the last digest:\n\n${[
          line(email, '$80.00'),
          line(email, '$120.50'),
          line(email, '$99.00'),
        ].join('\n\n')}\n`,
      );
      expect(mail.html).toContain('href="http://app.test/receipts"');
      expect(mail.headerLines.some((header) => header.key === 'list-unsubscribe')).toBe(false);
    }
    expect(await sendDueDigests(app.deps)).toBe(0);

    // A fourth notice right after waits for the window.
    await upload(investor, 65);
    expect(await sendDueDigests(app.deps)).toBe(0);
    app.clock.advance(14 * minute);
    expect(await sendDueDigests(app.deps)).toBe(0);
    for (const admin of admins) expect(digestsTo(admin.email)).toHaveLength(1);

    app.clock.advance(1 * minute);
    expect(await sendDueDigests(app.deps)).toBe(2);
    for (const admin of admins) {
      const mails = digestsTo(admin.email);
      expect(mails).toHaveLength(2);
      expect(mails[1]!.subject).toBe(`1 new notice for the ${site} operators`);
      expect(mails[1]!.text).toBe(`This happened since the last digest:\n\n${line(email, '$65.00')}\n`);
    }
    const statuses = await app
      .db('notification_deliveries')
      .where({ channel: 'digest' })
      .select('status')
      .count('* as n')
      .groupBy('status');
    expect(statuses.map((row) => [row.status, Number(row.n)])).toEqual([['sent', 8]]);
  });

  it('two digest runs at once send one mail per admin', async () => {
    const { app, admins, investor, digestsTo } = await digestSetup();
    await upload(investor, 70);
    await upload(investor, 71);
    const sent = await Promise.all([sendDueDigests(app.deps), sendDueDigests(app.deps), sendDueDigests(app.deps)]);
    expect(sent.reduce((sum, n) => sum + n, 0)).toBe(2);
    for (const admin of admins) {
      const mails = digestsTo(admin.email);
      expect(mails).toHaveLength(1);
      expect(mails[0]!.text).toContain('$70.00');
      expect(mails[0]!.text).toContain('$71.00');
    }
  });

  it('keeps the notices pending through an SMTP outage and sends them a minute later', async () => {
    const { app, admins, investor, digestsTo } = await digestSetup();
    await upload(investor, 61);
    await upload(investor, 62);
    smtp.refuse(true);
    expect(await sendDueDigests(app.deps)).toBe(0);
    const pending = await app.db('notification_deliveries').where({ channel: 'digest' });
    expect(pending).toHaveLength(4);
    for (const row of pending) {
      expect(row).toMatchObject({ status: 'pending', attempts: 1, last_error: expect.stringMatching(/451/) });
    }
    // Not due again before the minute is over, whether or not the server is back.
    expect(await sendDueDigests(app.deps)).toBe(0);
    smtp.refuse(false);
    expect(await sendDueDigests(app.deps)).toBe(0);
    for (const admin of admins) expect(digestsTo(admin.email)).toEqual([]);

    app.clock.advance(1 * minute);
    expect(await sendDueDigests(app.deps)).toBe(2);
    for (const admin of admins) {
      const mails = digestsTo(admin.email);
      expect(mails).toHaveLength(1);
      expect(mails[0]!.subject).toMatch(/^2 new notices /);
      expect(mails[0]!.text).toContain('$61.00');
      expect(mails[0]!.text).toContain('$62.00');
    }
    const after = await app.db('notification_deliveries').where({ channel: 'digest' });
    expect(after.map((row) => [row.status, row.last_error])).toEqual(Array(4).fill(['sent', null]));
  });

  it('the per-notification delivery never mails digest rows on their own', async () => {
    const { app, admins, investor, digestsTo, mailedSince } = await digestSetup();
    // One e-mail of the investor's (deposit.confirmed) is due beside the admins' digest rows.
    const funded = await fundedInvestor(app, admins[0]!.client, 300);
    await upload(investor, 53);
    expect(await deliverDueNotifications(app.deps)).toEqual({ sent: 1, failed: 0 });
    expect(await deliverDueNotifications(app.deps)).toEqual({ sent: 0, failed: 0 });
    app.clock.advance(24 * 60 * minute);
    expect(await deliverDueNotifications(app.deps)).toEqual({ sent: 0, failed: 0 });
    const mailsToAdmins = mailedSince().filter((mail) =>
      admins.some((admin) => (mail.to as { text: string }).text === admin.email),
    );
    expect(mailsToAdmins).toEqual([]);
    expect(
      smtp.received.filter((mail) => (mail.to as { text: string }).text === funded.payload.email).map((m) => m.subject),
    ).toContain('Deposit of $300.00 credited');
    const digestRows = await app.db('notification_deliveries').where({ channel: 'digest' });
    expect(digestRows).toHaveLength(4);
    expect(digestRows.every((row) => row.status === 'pending' && row.attempts === 0)).toBe(true);
    expect(await sendDueDigests(app.deps)).toBe(2);
    for (const admin of admins) {
      expect(digestsTo(admin.email)).toHaveLength(1);
      expect(digestsTo(admin.email)[0]!.subject).toMatch(/^2 new notices /);
    }
  });
});
