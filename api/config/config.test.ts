import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseEnv } from './env';
import { loadConfig } from './load';

const operatorFile = join(import.meta.dirname, '../../operator.config.json');

describe('configuration', () => {
  it('applies defaults and treats empty strings as unset', () => {
    const env = parseEnv({ PORT: '', LOG_LEVEL: '' });
    expect(env).toMatchObject({
      PORT: 3000,
      RATE_LIMITS: 'on',
      LOG_LEVEL: 'info',
      PUBLIC_URL: 'http://localhost:3000',
    });
  });

  it('holds changed payout addresses 24 hours unless PAYOUT_ADDRESS_HOLD_HOURS says otherwise (0 to 720)', () => {
    expect(parseEnv({}).PAYOUT_ADDRESS_HOLD_HOURS).toBe(24);
    expect(parseEnv({ PAYOUT_ADDRESS_HOLD_HOURS: '48' }).PAYOUT_ADDRESS_HOLD_HOURS).toBe(48);
    for (const bad of ['-1', '721', 'a day'])
      expect(() => parseEnv({ PAYOUT_ADDRESS_HOLD_HOURS: bad })).toThrow(/PAYOUT_ADDRESS_HOLD_HOURS/);
  });

  it('reads TRUST_PROXY as a number of trusted hops', () => {
    expect([undefined, 'off', 'on', '3'].map((value) => parseEnv({ TRUST_PROXY: value }).TRUST_PROXY)).toEqual([
      0, 0, 1, 3,
    ]);
    expect(() => parseEnv({ TRUST_PROXY: 'yes' })).toThrow(
      /TRUST_PROXY: must be on, off or the number of trusted proxy hops/,
    );
  });

  it('names every bad value on its own line', () => {
    expect(() =>
      parseEnv({
        PORT: 'eighty',
        DATABASE_URL: 'mysql://x',
        RATE_LIMITS: 'maybe',
        JWT_SECRET: 'short',
        ADMIN_EMAIL: 'nope',
      }),
    ).toThrow(
      /PORT: must be a port number from 0 to 65535\n.*DATABASE_URL: must be a postgres:\/\/ or postgresql:\/\/ URL\n.*JWT_SECRET: must be at least 32 characters\n.*ADMIN_EMAIL: must be an e-mail address\n.*RATE_LIMITS: /,
    );
  });

  it('refuses to start in production without JWT_SECRET or with placeholder wallets', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', OPERATOR_CONFIG: operatorFile })).toThrow(
      /JWT_SECRET: required in production[\s\S]*placeholder addresses for bitcoin/,
    );
    const dir = mkdtempSync(join(tmpdir(), 'operator-'));
    const real = JSON.parse(readFileSync(operatorFile, 'utf8'));
    for (const coin of Object.keys(real.wallets)) real.wallets[coin] = `real-${coin}-address`;
    writeFileSync(join(dir, 'operator.json'), JSON.stringify(real));
    const config = loadConfig({
      NODE_ENV: 'production',
      JWT_SECRET: 's'.repeat(40),
      OPERATOR_CONFIG: join(dir, 'operator.json'),
    });
    expect(config.jwtSecret).toBe('s'.repeat(40));
  });

  it('generates a development secret once and keeps it under DATA_DIR', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'data-'));
    const first = loadConfig({ DATA_DIR: dataDir, OPERATOR_CONFIG: operatorFile });
    const second = loadConfig({ DATA_DIR: dataDir, OPERATOR_CONFIG: operatorFile });
    expect(first.jwtSecret.length).toBeGreaterThanOrEqual(32);
    expect(second.jwtSecret).toBe(first.jwtSecret);
  });

  it('reports a broken operator config clearly', () => {
    const dir = mkdtempSync(join(tmpdir(), 'operator-'));
    writeFileSync(join(dir, 'operator.json'), JSON.stringify({ siteName: '' }));
    expect(() => loadConfig({ OPERATOR_CONFIG: join(dir, 'operator.json'), DATA_DIR: dir })).toThrow(
      /Invalid operator config[\s\S]*siteName/,
    );
  });
});
