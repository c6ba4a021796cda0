import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/test-app';

describe('serving the built PWA', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'pwa-'));
    mkdirSync(join(dir, 'assets'));
    writeFileSync(join(dir, 'index.html'), '<!doctype html><title>app shell</title>');
    writeFileSync(join(dir, 'assets', 'main-abc123.js'), 'console.log(1)');
    writeFileSync(join(dir, 'sw.js'), 'self.addEventListener("fetch", () => {})');
    writeFileSync(join(dir, 'manifest.webmanifest'), '{"name":"Mining plans"}');
    // The pages whose HTML names their chunks (pwa/build/route-shells-plugin.ts).
    mkdirSync(join(dir, 'shells'));
    writeFileSync(
      join(dir, 'shells', 'routes.json'),
      JSON.stringify({
        '/': { file: 'landing.html', servedFile: 'landing.served.html', signedInOnly: false },
        '/sign-in': { file: 'sign-in.html', servedFile: 'sign-in.served.html', signedInOnly: false },
        '/trading-plans': { file: 'trading-plans.html', signedInOnly: true },
      }),
    );
    writeFileSync(
      join(dir, 'shells', 'landing.html'),
      '<!doctype html><title>app shell preloading the landing</title>',
    );
    writeFileSync(
      join(dir, 'shells', 'landing.served.html'),
      '<!doctype html><title>app shell with the landing first screen</title>',
    );
    writeFileSync(join(dir, 'shells', 'sign-in.html'), '<!doctype html><title>app shell preloading sign-in</title>');
    writeFileSync(
      join(dir, 'shells', 'sign-in.served.html'),
      '<!doctype html><title>app shell with the sign-in first screen</title>',
    );
    writeFileSync(
      join(dir, 'shells', 'trading-plans.html'),
      '<!doctype html><title>app shell preloading plans</title>',
    );
    // The build's precompressed copies (pwa/build/precompress-plugin.ts).
    for (const file of [
      'index.html',
      'shells/landing.html',
      'shells/landing.served.html',
      'assets/main-abc123.js',
      'sw.js',
      'manifest.webmanifest',
    ]) {
      const text = readFileSync(join(dir, file), 'utf8');
      writeFileSync(join(dir, `${file}.br`), brotliCompressSync(`${text} (br)`));
      writeFileSync(join(dir, `${file}.gz`), gzipSync(`${text} (gzip)`));
    }
  });
  const app = useTestApp(() => ({ staticDir: dir }));

  const html = { headers: { accept: 'text/html' } };

  it('answers client routes with the app shell, not cached', async () => {
    for (const path of ['/', '/dashboard', '/tradingplan-details/3', '/referral/ABCD2345']) {
      const response = await app.client().get(path, html);
      expect(response.status, path).toBe(200);
      expect(String(response.body)).toContain('app shell');
      expect(response.headers.get('cache-control')).toBe('no-cache');
      expect(response.headers.get('content-security-policy')).toContain("script-src 'self'");
      expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
      expect(response.headers.get('x-frame-options')).toBe('DENY');
      expect(response.headers.get('cross-origin-opener-policy')).toBe('same-origin');
    }
  });

  it('caches hashed assets for a year and revalidates the service worker', async () => {
    expect((await app.client().get('/assets/main-abc123.js')).headers.get('cache-control')).toBe(
      'public, max-age=31536000, immutable',
    );
    expect((await app.client().get('/sw.js')).headers.get('cache-control')).toBe('no-cache');
  });

  it('sends the brotli copy to browsers that accept it, else gzip, else the plain file', async () => {
    const fetchWith = (path: string, acceptEncoding: string) =>
      app.client().get(path, { headers: { accept: 'text/html', 'accept-encoding': acceptEncoding } });
    for (const path of ['/assets/main-abc123.js', '/', '/dashboard', '/sw.js', '/manifest.webmanifest']) {
      const brotli = await fetchWith(path, 'gzip, deflate, br');
      expect(brotli.headers.get('content-encoding'), path).toBe('br');
      expect(String(brotli.body), path).toContain('(br)');
      expect(brotli.headers.get('vary'), path).toContain('Accept-Encoding');
      const gzip = await fetchWith(path, 'gzip');
      expect(gzip.headers.get('content-encoding'), path).toBe('gzip');
      expect(String(gzip.body), path).toContain('(gzip)');
      const plain = await fetchWith(path, 'identity');
      expect(plain.headers.get('content-encoding'), path).toBeNull();
      expect(String(plain.body), path).not.toMatch(/\((br|gzip)\)/);
    }
  });

  it('caches the compressed hashed assets for a year and revalidates the shell, worker and manifest', async () => {
    const brotli = { headers: { accept: 'text/html', 'accept-encoding': 'br' } };
    expect((await app.client().get('/assets/main-abc123.js', brotli)).headers.get('cache-control')).toBe(
      'public, max-age=31536000, immutable',
    );
    for (const path of ['/', '/index.html', '/trading-plans', '/sw.js', '/manifest.webmanifest']) {
      expect((await app.client().get(path, brotli)).headers.get('cache-control'), path).toBe('no-cache');
    }
  });

  it("sends / with the landing's first screen to visitors who read English, the plain shell to others", async () => {
    const open = async (path: string, headers: Record<string, string>) =>
      String(
        (await app.client().get(path, { headers: { accept: 'text/html', 'accept-encoding': 'identity', ...headers } }))
          .body,
      );
    expect(await open('/', { 'accept-language': 'en-GB,en;q=0.9' })).toContain('landing first screen');
    expect(await open('/', {})).toContain('landing first screen');
    expect(await open('/', { 'accept-language': 'ar,en;q=0.5' })).not.toContain('landing first screen');
    // The visitor's own choice (set by the PWA) wins over the browser's language.
    expect(await open('/', { 'accept-language': 'en', cookie: 'language=fa' })).not.toContain('landing first screen');
    expect(await open('/', { 'accept-language': 'de', cookie: 'language=en' })).toContain('landing first screen');
    expect(await open('/sign-in', { 'accept-language': 'en' })).not.toContain('landing first screen');
    const compressed = await app
      .client()
      .get('/', { headers: { accept: 'text/html', 'accept-encoding': 'br', 'accept-language': 'en' } });
    expect(compressed.headers.get('vary')).toContain('Accept-Language');
    expect(compressed.headers.get('cache-control')).toBe('no-cache');
  });

  it("sends a page's own shell where the build made one, and an investor page without a session cookie to sign-in", async () => {
    const open = async (path: string, cookie?: string, language = 'fr-FR,fr;q=0.9') => {
      const response = await app.client().get(path, {
        headers: { accept: 'text/html', 'accept-encoding': 'identity', 'accept-language': language },
        cookie,
      });
      expect(response.status, path).toBe(200);
      expect(response.headers.get('cache-control'), path).toBe('no-cache');
      expect(response.headers.get('vary'), path).toContain('Accept-Language');
      return String(response.body);
    };
    expect(await open('/sign-in')).toContain('preloading sign-in</title>');
    // English readers get the page's first screen as HTML, as for `/`.
    expect(await open('/sign-in', undefined, 'en-GB,en;q=0.9')).toContain('with the sign-in first screen</title>');
    expect(await open('/trading-plans', 'session=some.session.token')).toContain('preloading plans</title>');
    expect(await open('/about-us')).toContain('<title>app shell</title>');

    const anonymous = await fetch(`${app.url}/trading-plans`, { headers: { accept: 'text/html' }, redirect: 'manual' });
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get('location')).toBe('/sign-in');
    expect(anonymous.headers.get('vary')).toContain('Cookie');
    // Data requests and files are never redirected.
    expect((await app.client().get('/trading-plans', { headers: { accept: 'application/json' } })).status).not.toBe(
      302,
    );
  });

  it('answers 404 for a missing file, even when the browser accepts anything', async () => {
    for (const path of ['/coins/usdc.svg', '/locales/xx/common.json', '/assets/gone-123.js']) {
      expect((await app.client().get(path, { headers: { accept: '*/*' } })).status, path).toBe(404);
    }
    expect((await app.client().get('/api/nothing-here', html)).status).toBe(404);
  });
});
