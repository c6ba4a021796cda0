import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';

/** Where `npm start` tells a person what it does: a terminal (a line redrawn in place) or a pipe (whole lines). */
export interface Terminal {
  write(text: string): void;
  /** A terminal redraws a progress line in place; a pipe or file gets only finished lines. */
  live: boolean;
  colour: boolean;
}

export const processTerminal = (): Terminal => {
  const live = Boolean(process.stdout.isTTY);
  return { write: (text) => void process.stdout.write(text), live, colour: live && !process.env.NO_COLOR };
};

export const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/**
 * `npm start`'s account of itself: each step with its time on one line (✓ done, ! worth a look), a progress line
 * redrawn while a long step runs (on a terminal only), and the ready block.
 */
export function createStartReport(terminal: Terminal, now = () => performance.now()) {
  const paint = (code: number, text: string) => (terminal.colour ? `\x1b[${code}m${text}\x1b[0m` : text);
  let progressShown = false;
  const clearProgress = () => {
    if (progressShown) terminal.write('\r\x1b[2K');
    progressShown = false;
  };
  const line = (mark: string, text: string, ms?: number) => {
    clearProgress();
    terminal.write(`  ${mark} ${text}${ms === undefined ? '' : `  ${paint(2, seconds(ms))}`}\n`);
  };
  const report = {
    done: (text: string, ms?: number) => line(paint(32, '✓'), text, ms),
    warn: (text: string) => line(paint(33, '!'), text),
    /** A line that says what starts now, for a step long enough that a silent wait would worry. */
    starting: (text: string) => line(paint(36, '…'), text),
    /** The state of a long step, redrawn in place on a terminal; a pipe gets the finished lines only. */
    progress(text: string) {
      if (!terminal.live) return;
      terminal.write(`\r\x1b[2K  ${paint(36, '…')} ${text}`);
      progressShown = true;
    },
    /** Runs a step and prints what it did (`summary` reads its result) with the time it took. */
    async step<T>(label: string, run: () => Promise<T>, summary: (result: T) => string = () => label): Promise<T> {
      const started = now();
      report.progress(`${label}…`);
      const result = await run();
      report.done(summary(result), now() - started);
      return result;
    },
    write: (text: string) => {
      clearProgress();
      terminal.write(text);
    },
    paint,
  };
  return report;
}

export type StartReport = ReturnType<typeof createStartReport>;

/**
 * Whether `npm install` has run since package-lock.json last changed: npm writes node_modules/.package-lock.json
 * at the end of every install. How many packages it installed, or what to do.
 */
export function installState(rootDir: string): { packages: number } | { problem: string } {
  const installed = join(rootDir, 'node_modules/.package-lock.json');
  if (!existsSync(installed)) return { problem: 'node_modules is missing or incomplete: run npm install' };
  const lock = join(rootDir, 'package-lock.json');
  if (existsSync(lock) && statSync(lock).mtimeMs > statSync(installed).mtimeMs + 1000)
    return { problem: 'package-lock.json changed since the last npm install: run npm install' };
  const { packages = {} } = JSON.parse(readFileSync(installed, 'utf8')) as { packages?: Record<string, unknown> };
  return { packages: Object.keys(packages).length };
}

/** Where the app's mail goes, said without the SMTP credentials. */
export function mailDestination(smtpUrl: string | undefined, nodeEnv: string): string {
  if (smtpUrl) {
    const { hostname, port, protocol } = new URL(smtpUrl);
    return `SMTP ${hostname}:${port || (protocol === 'smtps:' ? 465 : 587)}`;
  }
  return nodeEnv === 'development'
    ? 'printed here, and kept in the mail_outbox table (no SMTP_URL)'
    : 'kept in the mail_outbox table only: nothing is sent (no SMTP_URL)';
}

export interface ReadyFacts {
  siteName: string;
  nodeEnv: string;
  /** The origin people open: PUBLIC_URL, or http://localhost:PORT when it is not set. */
  publicUrl: string;
  /** The port this process listens on. */
  port: number;
  /** False for `npm run dev`'s API, behind Vite's server. */
  servesPwa: boolean;
  /** The admin made on this start: the generated password is there only in development, the one time it exists. */
  admin: { email: string; generatedPassword?: string } | null;
  mail: string;
  database: string;
  readyInMs: number;
}

/** What a person needs once the server answers: where to open it, where the admin signs in, where mail goes. */
export function readyBlock(facts: ReadyFacts, paint: StartReport['paint'] = (_, text) => text): string {
  const rule = paint(2, '─'.repeat(64));
  const row = (label: string, value: string) => `    ${label.padEnd(10)} ${value}`;
  const url = new URL(facts.publicUrl);
  const here = url.hostname === 'localhost' && url.port === `${facts.port}`;
  // PUBLIC_URL is where people go (a proxy's origin, Vite's in `npm run dev`): that is the address to open.
  const open = facts.servesPwa
    ? `${paint(1, facts.publicUrl)}${here ? '' : `  (this process listens on port ${facts.port})`}`
    : here
      ? `the API alone on port ${facts.port} (API_ONLY=1: no PWA served)`
      : `${paint(1, facts.publicUrl)}  (this process is its API, on port ${facts.port})`;
  const lines = [
    '',
    `  ${rule}`,
    `  ${paint(1, `${facts.siteName} is ready`)} ${paint(2, `in ${seconds(facts.readyInMs)} (${facts.nodeEnv})`)}`,
    row('Open', open),
    row('Admin', `${facts.publicUrl}/login`),
  ];
  if (facts.admin?.generatedPassword) {
    lines.push(
      row('', `${facts.admin.email}, password ${paint(1, facts.admin.generatedPassword)}`),
      row('', paint(2, `shown this once: change it on the Security page, ${facts.publicUrl}/admin/security`)),
    );
  } else if (facts.admin) {
    lines.push(row('', `${facts.admin.email} (password from ADMIN_PASSWORD)`));
  }
  lines.push(row('Mail', facts.mail), row('Database', facts.database), `  ${rule}`, '  Stop with Ctrl+C.', '');
  return lines.join('\n');
}
