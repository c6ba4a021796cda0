import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/test-app';

describe('serving the built PWA', () => {
  let app: TestApp;
  beforeAll(async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pwa-'));
    mkdirSync(join(dir, 'assets'));
    writeFileSync(join(dir, 'index.html'), '<!doctype html><title>app shell</title>');
    writeFileSync(join(dir, 'assets', 'main-abc123.js'), 'console.log(1)');
    writeFileSync(join(dir, 'sw.js'), 'self.addEventListener("fetch", () => {})');
    app = await startTestApp({ staticDir: dir });
  });
  afterAll(() => app.close());

  const html = { headers: { accept: 'text/html' } };

  it('answers client routes with the app shell, not cached', async () => {
    for (const path of ['/', '/dashboard', '/tradingplan-details/3', '/referral/ABCD2345']) {
      const response = await app.client().get(path, html);
      expect(response.status, path).toBe(200);
      expect(String(response.body)).toContain('app shell');
      expect(response.headers.get('cache-control')).toBe('no-cache');
      expect(response.headers.get('content-security-policy')).toContain("script-src 'self'");
    }
  });

  it('caches hashed assets for a year and revalidates the service worker', async () => {
    expect((await app.client().get('/assets/main-abc123.js')).headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect((await app.client().get('/sw.js')).headers.get('cache-control')).toBe('no-cache');
  });

  it('answers 404 for a missing file, even when the browser accepts anything', async () => {
    for (const path of ['/coins/usdc.svg', '/locales/xx/common.json', '/assets/gone-123.js']) {
      expect((await app.client().get(path, { headers: { accept: '*/*' } })).status, path).toBe(404);
    }
    expect((await app.client().get('/api/nothing-here', html)).status).toBe(404);
  });
});
