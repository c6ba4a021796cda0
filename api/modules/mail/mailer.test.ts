import { describe, expect, it, vi } from 'vitest';
import { lastMailTo, signUpInvestor } from '../../test/fixtures';
import { useTestApp } from '../../test/test-app';

/** Signs an investor up and answers what the process wrote to standard output meanwhile, and the mail stored. */
async function signUpWatchingTheTerminal(app: ReturnType<typeof useTestApp>) {
  const written: string[] = [];
  const write = vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
    written.push(String(chunk));
    return true;
  });
  let email: string;
  try {
    ({
      payload: { email },
    } = await signUpInvestor(app));
    await app.deps.background.settled();
  } finally {
    write.mockRestore();
  }
  const stored = (await lastMailTo(app, email))!;
  return { printed: written.join(''), email, stored, code: /\b(\d{6})\b/.exec(stored.body)?.[1] };
}

describe('mail with no SMTP_URL in development', () => {
  const app = useTestApp({ env: { NODE_ENV: 'development' } });

  it('is printed on the terminal, to, subject and code, and kept in mail_outbox', async () => {
    const { printed, email, stored, code } = await signUpWatchingTheTerminal(app);
    expect(code).toMatch(/^\d{6}$/);
    expect(printed).toContain(`To: ${email}`);
    expect(printed).toContain(`Subject: ${stored.subject}`);
    expect(printed).toContain(`Your verification code is ${code}.`);
  });
});

describe('mail with no SMTP_URL in production', () => {
  const app = useTestApp({ env: { NODE_ENV: 'production' } });

  it('stays in mail_outbox only: the code is never written to the terminal', async () => {
    const { printed, stored, code } = await signUpWatchingTheTerminal(app);
    expect(stored.body).toContain(`Your verification code is ${code}.`);
    expect(printed).not.toContain(code);
    expect(printed).not.toContain('Subject:');
  });
});
