import { describe, expect, it } from 'vitest';
import type { MailMessage } from '../../mail/mailer';
import { lastMailTo, signUpInvestor } from '../../../test/fixtures';
import { useTestApp } from '../../../test/test-app';

const codeIn = (body?: string) => /\b(\d{6})\b/.exec(body ?? '')?.[1] ?? '';

/** A mailer that can be held shut, to see whether an answer waits for the mail. */
function gatedMailer() {
  const sent: MailMessage[] = [];
  let gate: Promise<void> = Promise.resolve();
  let open = () => {};
  return {
    sent,
    hold() {
      gate = new Promise((resolve) => (open = resolve));
    },
    release: () => open(),
    mailer: {
      sendsIntoDatabase: false,
      async send(_via: unknown, message: MailMessage) {
        await gate;
        sent.push(message);
      },
    },
  };
}

describe('answers that could tell who is registered', () => {
  const mail = gatedMailer();
  const app = useTestApp({ mailer: mail.mailer });

  it('verify-email checks the code for every address: verified, unknown and unverified alike get 400', async () => {
    const { payload } = await signUpInvestor(app);
    const code = codeIn(mail.sent.find((message) => message.to === payload.email)?.text);
    expect(
      (await app.client().post('/api/verify-email', { email: payload.email, verificationCode: code })).status,
    ).toBe(200);
    const refused = { message: 'Invalid or expired verification code' };
    for (const email of [payload.email, 'nobody.here@example.com']) {
      for (const verificationCode of ['000000', code]) {
        const response = await app.client().post('/api/verify-email', { email, verificationCode });
        expect({ email, status: response.status, body: response.body }).toEqual({ email, status: 400, body: refused });
      }
    }
  });

  it(
    'reset-password and resend answer a known address before any mail work, as for an unknown one',
    { timeout: 15_000 },
    async () => {
      const { payload } = await signUpInvestor(app);
      mail.hold();
      try {
        const before = mail.sent.length;
        for (const path of ['/api/reset-password', '/api/verify-email/resend']) {
          const known = await app.client().post(path, { email: payload.email });
          const unknown = await app.client().post(path, { email: 'nobody.here@example.com' });
          expect(known.status).toBe(202);
          expect(known.body).toEqual(unknown.body);
        }
        expect(mail.sent.length).toBe(before);
      } finally {
        mail.release();
      }
      await app.deps.background.settled();
      const subjects = mail.sent.filter((message) => message.to === payload.email).map((message) => message.subject);
      expect(subjects.some((subject) => /reset your password/.test(subject))).toBe(true);
      expect(subjects.filter((subject) => /verification code/.test(subject))).toHaveLength(2);
      expect(await lastMailTo(app, payload.email)).toBeUndefined(); // the gated mailer replaced the outbox
    },
  );
});
