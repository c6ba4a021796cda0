import { mkdtempSync, rmSync, utimesSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createStartReport, installState, mailDestination, readyBlock, type ReadyFacts } from './start-report';

const facts: ReadyFacts = {
  siteName: 'Northwind Mining Co.',
  nodeEnv: 'development',
  publicUrl: 'http://localhost:3000',
  port: 3000,
  servesPwa: true,
  admin: { email: 'admin@example.com', generatedPassword: 'yaRAZPCSr7PxH2kF' },
  mail: mailDestination(undefined, 'development'),
  database: 'embedded PGlite in data/pglite',
  readyInMs: 48_250,
};

describe("npm start's ready block", () => {
  it('says where to open the site, where the admin signs in with the password made now, and where mail goes', () => {
    expect(readyBlock(facts).split('\n')).toEqual([
      '',
      `  ${'─'.repeat(64)}`,
      '  Northwind Mining Co. is ready in 48.3 s (development)',
      '    Open       http://localhost:3000',
      '    Admin      http://localhost:3000/login',
      '               admin@example.com, password yaRAZPCSr7PxH2kF',
      '               shown this once: change it on the Security page, http://localhost:3000/admin/security',
      '    Mail       printed here, and kept in the mail_outbox table (no SMTP_URL)',
      '    Database   embedded PGlite in data/pglite',
      `  ${'─'.repeat(64)}`,
      '  Stop with Ctrl+C.',
      '',
    ]);
  });

  it('opens PUBLIC_URL when another origin is set, and shows no password it did not make', () => {
    const behindProxy = readyBlock({
      ...facts,
      nodeEnv: 'production',
      publicUrl: 'https://invest.example.com',
      admin: { email: 'boss@example.com' },
      mail: mailDestination('smtps://mailer:secret@smtp.example.com', 'production'),
    });
    expect(behindProxy).toContain('Open       https://invest.example.com  (this process listens on port 3000)');
    expect(behindProxy).toContain('Admin      https://invest.example.com/login');
    expect(behindProxy).toContain('boss@example.com (password from ADMIN_PASSWORD)');
    expect(behindProxy).toContain('Mail       SMTP smtp.example.com:465');
    expect(behindProxy).not.toMatch(/localhost|password [^f]|secret|mailer/);
    // A later start made no admin: only where to sign in.
    expect(readyBlock({ ...facts, admin: null })).not.toMatch(/admin@example.com|password/);
  });

  it("says npm run dev's API is behind Vite, and an API alone as such", () => {
    const dev = { ...facts, servesPwa: false, port: 3001, publicUrl: 'http://localhost:5173' };
    expect(readyBlock(dev)).toContain('Open       http://localhost:5173  (this process is its API, on port 3001)');
    expect(readyBlock({ ...dev, publicUrl: 'http://localhost:3001' })).toContain(
      'Open       the API alone on port 3001 (API_ONLY=1: no PWA served)',
    );
  });

  it('says where mail goes: SMTP host and port without credentials, the terminal in development, else the table', () => {
    expect(mailDestination('smtp://user:pw@mail.internal:2525', 'development')).toBe('SMTP mail.internal:2525');
    expect(mailDestination('smtp://mail.internal', 'production')).toBe('SMTP mail.internal:587');
    expect(mailDestination(undefined, 'production')).toBe(
      'kept in the mail_outbox table only: nothing is sent (no SMTP_URL)',
    );
  });
});

describe("npm start's steps", () => {
  it('prints each step with its time; on a terminal a progress line is redrawn in place, in a pipe it is left out', async () => {
    let clock = 0;
    for (const live of [true, false]) {
      let out = '';
      const report = createStartReport({ write: (text) => void (out += text), live, colour: false }, () => clock);
      const applied = await report.step(
        'migrating the database',
        async () => {
          report.progress('3 of 50 migrations');
          clock += 2_345;
          return ['a', 'b'];
        },
        (names) => `database: ${names.length} migrations applied`,
      );
      expect(applied).toEqual(['a', 'b']);
      const finished = '  ✓ database: 2 migrations applied  2.3 s\n';
      expect(out).toBe(
        live ? `\r\x1b[2K  … migrating the database…\r\x1b[2K  … 3 of 50 migrations\r\x1b[2K${finished}` : finished,
      );
    }
  });

  it('checks that npm install ran since package-lock.json changed', () => {
    const root = mkdtempSync(join(tmpdir(), 'install-state-'));
    try {
      expect(installState(root)).toEqual({ problem: 'node_modules is missing or incomplete: run npm install' });
      mkdirSync(join(root, 'node_modules'));
      writeFileSync(join(root, 'package-lock.json'), '{}');
      const installed = join(root, 'node_modules/.package-lock.json');
      writeFileSync(installed, JSON.stringify({ packages: { 'node_modules/a': {}, 'node_modules/b': {} } }));
      expect(installState(root)).toEqual({ packages: 2 });
      const hourAgo = new Date(Date.now() - 3_600_000);
      utimesSync(installed, hourAgo, hourAgo);
      expect(installState(root)).toEqual({
        problem: 'package-lock.json changed since the last npm install: run npm install',
      });
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
