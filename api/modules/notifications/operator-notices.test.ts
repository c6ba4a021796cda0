import type { ParsedMail } from 'mailparser';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { signInAdmin, signUpInvestor } from '../../test/fixtures';
import { fundedInvestor, uploadReceipt } from '../../test/receipts';
import { startSmtpCapture } from '../../test/smtp-capture';
import { startTestApp, useTestApp, type TestApp } from '../../test/test-app';
import type { TestClient } from '../../test/test-client';
import { deliverDueNotifications } from './delivery';
import { sendDueDigests } from './operator-digest';
import { up as backfillOperatorNotices } from '../../../migrations/20261127230933_backfill_operator_notices_done';

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

describe('a notice of work waiting is done once the work is decided, on every admin’s bell', () => {
  const app = useTestApp();
  let admins: Awaited<ReturnType<typeof signInAdmin>>[];

  beforeAll(async () => {
    admins = [await signInAdmin(app), await signInAdmin(app)];
  });

  type Bell = { unread: number; notifications: Array<View & { id: string; readAt: string | null; doneAt?: string }> };
  const bells = () =>
    Promise.all(admins.map(async (admin) => (await admin.client.get('/api/notifications')).body as Bell));
  const about = (bell: Bell, kind: string, email: string) =>
    bell.notifications.find((n) => n.kind === kind && n.body.includes(email));

  async function expectWaitingThenDone(kind: string, email: string, decide: () => Promise<number>, before: Bell[]) {
    const waiting = await bells();
    for (const [i, bell] of waiting.entries()) {
      expect(bell.unread).toBe(before[i]!.unread + 1);
      expect(about(bell, kind, email)).toMatchObject({ readAt: null });
      expect(about(bell, kind, email)).not.toHaveProperty('doneAt');
    }
    expect(await decide()).toBe(200);
    for (const [i, bell] of (await bells()).entries()) {
      expect(bell.unread).toBe(before[i]!.unread);
      expect(about(bell, kind, email)).toMatchObject({ readAt: expect.any(String), doneAt: expect.any(String) });
    }
  }

  it('a receipt confirmed by one admin leaves both bells, reading as done', async () => {
    const investor = await signUpInvestor(app);
    const before = await bells();
    const id = await upload(investor, 80);
    await expectWaitingThenDone(
      'operator.receipt',
      investor.payload.email,
      async () => (await admins[0]!.client.post(`/api/admin/confirm-receipt/${id}`)).status,
      before,
    );
  });

  it('a rejected receipt too; a copy already read keeps the time it was read', async () => {
    const investor = await signUpInvestor(app);
    const before = await bells();
    const id = await upload(investor, 90);
    const [, second] = await bells();
    const notice = about(second!, 'operator.receipt', investor.payload.email)!;
    expect((await admins[1]!.client.post('/api/notifications/read', { ids: [notice.id] })).status).toBe(200);
    const readAt = about((await bells())[1]!, 'operator.receipt', investor.payload.email)!.readAt;
    app.clock.advance(60_000);
    expect((await admins[0]!.client.post(`/api/admin/reject-receipt/${id}`, { reason: 'Not our wallet' })).status).toBe(
      200,
    );
    const [first, secondAfter] = await bells();
    expect(first!.unread).toBe(before[0]!.unread);
    expect(about(first!, 'operator.receipt', investor.payload.email)).toMatchObject({ doneAt: expect.any(String) });
    const secondCopy = about(secondAfter!, 'operator.receipt', investor.payload.email)!;
    expect(secondCopy.readAt).toBe(readAt);
    expect(Date.parse(secondCopy.doneAt!) - Date.parse(readAt!)).toBeGreaterThanOrEqual(60_000);
  });

  it('a withdrawal paid by the other admin leaves both bells, reading as done', async () => {
    const investor = await fundedInvestor(app, admins[0]!.client, 500);
    const before = await bells();
    const id = (await investor.client.post('/api/withdrawals', { amount: 100, method: 'Bitcoin' })).body.withdrawal.id;
    await expectWaitingThenDone(
      'operator.withdrawal',
      investor.payload.email,
      async () =>
        (await admins[1]!.client.post(`/api/admin/withdrawals/${id}/approve`, { txHash: `0x${'cd'.repeat(32)}` }))
          .status,
      before,
    );
  });

  it('stays waiting when the decision rolls back', async () => {
    const investor = await signUpInvestor(app);
    const id = await upload(investor, 70);
    const waiting = await bells();
    // The confirm's audit row, written after the notices were marked, fails: nothing of the confirm stays.
    await app.db.raw(`
      create function refuse_confirm_audit() returns trigger language plpgsql as $$
      begin raise exception 'audit refused'; end $$;
      create trigger refuse_confirm_audit before insert on audit_log for each row
        when (new.action = 'receipt.confirm') execute function refuse_confirm_audit();`);
    try {
      expect((await admins[0]!.client.post(`/api/admin/confirm-receipt/${id}`)).status).toBe(500);
    } finally {
      await app.db.raw('drop trigger refuse_confirm_audit on audit_log; drop function refuse_confirm_audit();');
    }
    const after = await bells();
    for (const [i, bell] of after.entries()) {
      expect(bell.unread).toBe(waiting[i]!.unread);
      expect(about(bell, 'operator.receipt', investor.payload.email)).not.toHaveProperty('doneAt');
    }
  });
});

describe('notices written before the decision marked them', () => {
  const app = useTestApp();

  it('the backfill marks those of receipts already decided done, and leaves those still waiting', async () => {
    const admin = await signInAdmin(app);
    const investor = await signUpInvestor(app);
    const decided = await upload(investor, 55);
    const waiting = await upload(investor, 56);
    const keyOf = (id: string) => `receipt-waiting:${id}:${admin.adminId}`;
    // As such rows were before the migration: no shared key, so the confirm below cannot find them.
    await app.db('notifications').where({ kind: 'operator.receipt' }).update({ shared_key: null });
    expect((await admin.client.post(`/api/admin/confirm-receipt/${decided}`)).status).toBe(200);
    expect(
      await app
        .db('notifications')
        .where({ event_key: keyOf(decided) })
        .first('read_at', 'done_at'),
    ).toEqual({
      read_at: null,
      done_at: null,
    });

    await backfillOperatorNotices(app.db);
    const { decided_at: decidedAt } = await app.db('deposits').where({ id: decided }).first('decided_at');
    expect(
      await app
        .db('notifications')
        .where({ event_key: keyOf(decided) })
        .first('read_at', 'done_at'),
    ).toEqual({
      read_at: decidedAt,
      done_at: decidedAt,
    });
    expect(
      await app
        .db('notifications')
        .where({ event_key: keyOf(waiting) })
        .first('shared_key', 'read_at', 'done_at'),
    ).toEqual({ shared_key: `receipt-waiting:${waiting}`, read_at: null, done_at: null });
  });
});
