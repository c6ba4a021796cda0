import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { setTimeout as pause } from 'node:timers/promises';
import { expect, it } from 'vitest';
import { composeDeps } from '../../compose';
import { parseEnv } from '../../config/env';
import { loadOperatorConfig } from '../../config/operator';
import { connectDatabase, migrateToLatest } from '../../db/connect';
import { createLogger } from '../../lib/logger';
import { serve } from '../../serve';
import { signInAdmin, signUpInvestor } from '../../test/fixtures';
import { uploadReceipt } from '../../test/receipts';
import type { TestApp } from '../../test/test-app';
import { TestClient } from '../../test/test-client';
import { eventually } from '../../test/eventually';

/** The three minutes by default; EMBEDDED_SOAK_SECONDS shortens it for a quick local run. */
const soakMs = Number(process.env.EMBEDDED_SOAK_SECONDS ?? 180) * 1000;
const slowestAnswerMs = 200;

it(
  'npm start on PGlite without SMTP answers every request in time through receipt, confirm and digest, and stops cleanly during a digest',
  async () => {
    // What `npm install && npm start` runs: embedded PGlite on disk, no SMTP_URL (mail goes to mail_outbox), every job.
    const dataDir = mkdtempSync(join(tmpdir(), 'embedded-responsive-'));
    const pgliteDir = join(dataDir, 'pglite');
    const db = connectDatabase({ pgliteDir });
    await migrateToLatest(db);
    const env = parseEnv({ NODE_ENV: 'test', PUBLIC_URL: 'http://app.test', DATA_DIR: dataDir, RATE_LIMITS: 'off' });
    const operator = loadOperatorConfig(resolve(import.meta.dirname, '../../../operator.config.json'));
    const logLines: string[] = [];
    const logger = createLogger('info', { write: (line: string) => void logLines.push(line) });
    const deps = composeDeps({ env, operator, jwtSecret: randomBytes(32).toString('hex') }, db, logger);
    let digestSending: (() => void) | undefined;
    const outbox = deps.mailer;
    deps.mailer = {
      sendsIntoDatabase: true,
      async send(via, message) {
        if (message.to === stoppingAdmin) digestSending?.();
        await outbox.send(via, message);
      },
    };
    let stoppingAdmin = '';
    const running = await serve(deps, { port: 0, host: '127.0.0.1' });
    const url = `http://127.0.0.1:${running.port}`;
    const app = { deps, db, client: (token?: string) => new TestClient(url, token) } as unknown as TestApp;
    const digestTo = (email: string) =>
      eventually(
        async () => db('mail_outbox').where({ to_address: email }).andWhere('subject', 'like', '%operators%').first(),
        60_000,
        `a digest mailed to ${email}`,
      );
    try {
      const plans = async () => {
        const started = performance.now();
        const response = await fetch(`${url}/api/plans`);
        await response.arrayBuffer();
        return { status: response.status, ms: performance.now() - started };
      };
      await plans(); // the first read fills the plan cache
      const answers: Array<{ status: number; ms: number }> = [];
      const soakEnds = Date.now() + soakMs;
      const probing = (async () => {
        while (Date.now() < soakEnds) {
          answers.push(await plans());
          await pause(250);
        }
      })();

      // A receipt wakes the operator digest: with the mail written beside the digest's transaction, this froze.
      const admin = await signInAdmin(app);
      const investor = await signUpInvestor(app);
      const upload = await uploadReceipt(investor.client, { email: investor.payload.email, amount: 120 });
      expect(upload.status).toBe(201);
      const digest = await digestTo(admin.email);
      expect(digest.body).toContain('120');
      expect((await admin.client.post(`/api/admin/confirm-receipt/${upload.body.deposit.id}`)).status).toBe(200);
      expect((await investor.client.get('/api/dashboard')).body.balances).toMatchObject({ accountBalance: 120 });
      await probing;

      expect(answers.length).toBeGreaterThan(soakMs / 1000);
      expect(answers.filter((answer) => answer.status !== 200)).toEqual([]);
      expect(Math.max(...answers.map((answer) => answer.ms))).toBeLessThan(slowestAnswerMs);

      // Shutdown while a second admin's first digest is being sent: it waits for that digest, then closes.
      const second = await signInAdmin(app);
      stoppingAdmin = second.email;
      const sending = new Promise<void>((done) => (digestSending = done));
      expect((await uploadReceipt(investor.client, { email: investor.payload.email, amount: 80 })).status).toBe(201);
      await sending;
      const stopStarted = performance.now();
      await running.stop();
      expect(performance.now() - stopStarted).toBeLessThan(10_000);
    } finally {
      await running.stop().catch(() => undefined);
    }
    const errors = logLines.map((line) => JSON.parse(line)).filter((line) => line.level >= 50);
    expect(errors).toEqual([]);
    // The digest under way when the server stopped was committed as sent, with its mail.
    const reopened = connectDatabase({ pgliteDir });
    try {
      expect(
        await reopened('mail_outbox')
          .where({ to_address: stoppingAdmin })
          .andWhere('subject', 'like', '%operators%')
          .first(),
      ).toBeDefined();
      const pending = await reopened('notification_deliveries as d')
        .join('notifications as n', 'n.id', 'd.notification_id')
        .join('users as u', 'u.id', 'n.user_id')
        .where({ 'u.email': stoppingAdmin, 'd.channel': 'digest', 'd.status': 'pending' });
      expect(pending).toEqual([]);
    } finally {
      await reopened.destroy();
      rmSync(dataDir, { recursive: true, force: true });
    }
  },
  soakMs + 240_000,
);
