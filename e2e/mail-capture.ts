import { readdir, readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';

// The e2e run's mail goes to a real SMTP server (e2e/smtp-capture-server.ts, started by playwright.config.ts before
// the app) that keeps each message as a JSON file in the run's data dir, where specs read it.

/** Derived from the app's port, so runs in other worktrees (another E2E_PORT) do not meet on one SMTP port. */
export const smtpCapturePort = (appPort: number) => appPort + 10_000;

/** Every worker sees the same E2E_DATA_DIR: playwright.config.ts sets it before the workers start. */
export const mailCaptureDir = (dataDir = process.env.E2E_DATA_DIR ?? '') => resolve(dataDir, 'mail');

export interface CapturedMail {
  to: string[];
  subject: string;
  text: string;
  html: string;
}

/** The mail sent to `address` so far, in the order the SMTP server accepted it. */
export async function capturedMailTo(address: string): Promise<CapturedMail[]> {
  const dir = mailCaptureDir();
  let names: string[];
  try {
    names = (await readdir(dir)).filter((name) => name.endsWith('.json')).sort();
  } catch {
    return [];
  }
  const mails = await Promise.all(
    names.map(async (name) => JSON.parse(await readFile(join(dir, name), 'utf8')) as CapturedMail),
  );
  return mails.filter((mail) => mail.to.includes(address.toLowerCase()));
}
