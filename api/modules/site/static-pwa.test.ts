import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { LANGUAGE_CODES } from '../../contracts/languages';
import { useTestApp } from '../../test/test-app';

/** A built PWA in a temporary folder, with the files and shells `npm run build` writes. */
function writeBuiltPwa(): string {
  {
    const dir = mkdtempSync(join(tmpdir(), 'pwa-'));
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
        '/': { file: 'landing.{lng}.html', perLanguage: true, signedInOnly: false },
        '/sign-in': { file: 'sign-in.{lng}.html', perLanguage: true, signedInOnly: false },
        '/trading-plans': { file: 'trading-plans.html', perLanguage: false, signedInOnly: true },
      }),
    );
    for (const language of LANGUAGE_CODES) {
      writeFileSync(
        join(dir, 'shells', `landing.${language}.html`),
        `<!doctype html><title>landing in ${language}</title><body><div id="root"></div></body>`,
      );
      writeFileSync(
        join(dir, 'shells', `sign-in.${language}.html`),
        `<!doctype html><title>sign-in in ${language}</title>`,
      );
    }
    writeFileSync(
      join(dir, 'shells', 'trading-plans.html'),
      '<!doctype html><title>app shell preloading plans</title>',
    );
    // The build's precompressed copies (pwa/build/precompress-plugin.ts).
    for (const file of [
      'index.html',
      'shells/landing.en.html',
      'assets/main-abc123.js',
      'sw.js',
      'manifest.webmanifest',
    ]) {
      const text = readFileSync(join(dir, file), 'utf8');
      writeFileSync(join(dir, `${file}.br`), brotliCompressSync(`${text} (br)`));
      writeFileSync(join(dir, `${file}.gz`), gzipSync(`${text} (gzip)`));
    }
    return dir;
  }
}

/** The answers a page carries in its HTML (served-answers.ts), by name. */
function servedAnswers(html: string): Record<string, unknown> {
  const found = /<script type="application\/json" id="served-answers">([^<]*)<\/script>/.exec(html);
  if (!found) throw new Error(`no served answers in ${html.slice(0, 200)}`);
  return JSON.parse(found[1]!) as Record<string, unknown>;
}

describe('serving the built PWA', () => {
  let dir: string;
  beforeAll(() => {
    dir = writeBuiltPwa();
  });
  const app = useTestApp(() => ({ staticDir: dir }));

  const html = { headers: { accept: 'text/html' } };

  it('answers client routes with the app shell, not cached', async () => {
    for (const path of ['/dashboard', '/tradingplan-details/3', '/referral/ABCD2345']) {
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
    for (const path of ['/assets/main-abc123.js', '/dashboard', '/sw.js', '/manifest.webmanifest']) {
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

  it("sends a public page rendered in the language the address asks for, else the chosen one, else the browser's", async () => {
    const open = async (path: string, headers: Record<string, string>) => {
      const response = await app
        .client()
        .get(path, { headers: { accept: 'text/html', 'accept-encoding': 'identity', ...headers } });
      return { html: String(response.body), headers: response.headers };
    };
    expect((await open('/', { 'accept-language': 'en-GB,en;q=0.9' })).html).toContain('landing in en');
    expect((await open('/', {})).html).toContain('landing in en');
    expect((await open('/', { 'accept-language': 'pt-BR,pt;q=0.9,en;q=0.5' })).html).toContain('landing in pt');
    expect((await open('/', { 'accept-language': 'zh-TW,zh;q=0.9' })).html).toContain('landing in zh-CN');
    expect((await open('/', { 'accept-language': 'xx,ar;q=0.5' })).html).toContain('landing in ar');
    // The visitor's own choice (the cookie the PWA sets) wins over the browser's language; the address over both.
    expect((await open('/', { 'accept-language': 'en', cookie: 'language=fa' })).html).toContain('landing in fa');
    expect((await open('/?lang=ko', { 'accept-language': 'en', cookie: 'language=fa' })).html).toContain(
      'landing in ko',
    );
    // An address asking for a language we do not have falls back to the same rule.
    expect((await open('/sign-in?lang=xx', { cookie: 'language=sv' })).html).toContain('sign-in in sv');
    const sent = await open('/sign-in?lang=de', {});
    expect(sent.headers.get('content-language')).toBe('de');
    expect(sent.headers.get('vary')).toContain('Accept-Language');
    expect(sent.headers.get('vary')).toContain('Cookie');
    const alternates = sent.headers.get('link')!.split(', ');
    expect(alternates).toHaveLength(LANGUAGE_CODES.length + 1);
    // Absolute addresses on the site's public address (PUBLIC_URL), as search engines require.
    expect(alternates[0]).toBe('<http://app.test/sign-in?lang=en>; rel="alternate"; hreflang="en"');
    expect(alternates.at(-1)).toBe('<http://app.test/sign-in>; rel="alternate"; hreflang="x-default"');
    const compressed = await fetch(`${app.url}/`, {
      headers: { accept: 'text/html', 'accept-encoding': 'br', 'accept-language': 'en' },
    });
    expect(compressed.headers.get('content-encoding')).toBe('br');
    expect(await compressed.text()).toContain('landing in en');
    expect(compressed.headers.get('cache-control')).toBe('no-cache');
  });

  it('sends a public page with the answers its first screen reads, as their routes send them', async () => {
    const page = async (path: string, acceptEncoding = 'identity') => {
      const response = await app.client().get(path, {
        headers: { accept: 'text/html', 'accept-encoding': acceptEncoding, 'accept-language': 'fr' },
      });
      expect(response.status, path).toBe(200);
      return response;
    };
    const answer = async (path: string) => (await app.client().get(path)).body;
    const coins = await answer('/api/market/coins');
    const landing = String((await page('/')).body);
    expect(landing).toMatch(/^<!doctype html><title>landing in fr<\/title><body><div id="root"><\/div><script /);
    expect(landing.endsWith('</script></body>')).toBe(true);
    expect(servedAnswers(landing)).toEqual({
      'operator-config': await answer('/api/config'),
      'market-coins': coins,
      plans: await answer('/api/plans'),
    });
    // Other public pages carry the operator's config only.
    expect(servedAnswers(String((await page('/sign-in')).body))).toEqual({
      'operator-config': await answer('/api/config'),
    });
    // Compressed, the same page.
    const brotli = await fetch(`${app.url}/`, {
      headers: { accept: 'text/html', 'accept-encoding': 'br', 'accept-language': 'fr' },
    });
    const gzip = await fetch(`${app.url}/`, {
      headers: { accept: 'text/html', 'accept-encoding': 'gzip', 'accept-language': 'fr' },
    });
    expect(brotli.headers.get('content-encoding')).toBe('br');
    expect(gzip.headers.get('content-encoding')).toBe('gzip');
    // fetch decodes both, as a browser does.
    expect(await brotli.text()).toBe(landing);
    expect(await gzip.text()).toBe(landing);
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
    expect(await open('/sign-in')).toContain('sign-in in fr</title>');
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

describe('the answers a page carries', () => {
  let dir: string;
  beforeAll(() => {
    dir = writeBuiltPwa();
  });
  const siteName = 'Northwind </script><script>alert(1)</script> <!-- Mining';
  const app = useTestApp(() => ({ staticDir: dir, operator: { siteName } }));

  it('go out at once: prices the server does not hold yet are left for the page to ask for', async () => {
    const html = async () =>
      String((await app.client().get('/', { headers: { accept: 'text/html', 'accept-encoding': 'identity' } })).body);
    expect(Object.keys(servedAnswers(await html())).sort()).toEqual(['operator-config', 'plans']);
    // The page's request started the refresh, so the next visitor's page has the prices.
    await app.client().get('/api/market/coins');
    expect(Object.keys(servedAnswers(await html())).sort()).toEqual(['market-coins', 'operator-config', 'plans']);
  });

  it('cannot end their element, whatever the operator wrote', async () => {
    const response = await app
      .client()
      .get('/sign-in', { headers: { accept: 'text/html', 'accept-encoding': 'identity' } });
    const html = String(response.body);
    expect(html.match(/<\/script>/g)).toHaveLength(1);
    expect(html).not.toContain('<script>alert');
    expect(servedAnswers(html)['operator-config']).toMatchObject({ siteName });
  });
});
