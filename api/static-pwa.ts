import { createReadStream, existsSync, readFileSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { performance } from 'node:perf_hooks';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type Koa from 'koa';
import serve from 'koa-static';
import { LANGUAGE_CODES } from './contracts/languages';
import type { RouteShellIndex } from './contracts/route-shells';
import { requestLanguage } from './lib/request-language';
import type { AppState } from './lib/app-state';
import { sessionCookie } from './middleware/authenticate';
import type { ServedAnswers } from './modules/site/served-answers';

/** Where an investor page sends a visitor without a session (the PWA's paths.signIn). */
const signInPath = '/sign-in';

/**
 * Serves the built PWA; any other GET falls back to index.html so client routes deep-link. The build writes
 * .br and .gz copies of its text files (pwa/build/precompress-plugin.ts), sent to browsers that accept them; the
 * public pages in each language are compressed here, with the answers `servedAnswers` adds to them.
 */
export function serveStaticPwa(
  app: Koa<AppState>,
  staticDir: string,
  publicUrl: string | undefined,
  servedAnswers: ServedAnswers,
) {
  // Pages whose HTML names their own chunks, the public ones rendered in each language (pwa/build/route-shells-plugin.ts).
  // An investor page asked for without a session cookie goes straight to sign-in, where the investor layout would
  // send the visitor after asking for the session.
  const routeShells = readRouteShells(staticDir);
  const sendPublicPage = publicPageSender();
  app.use(async (ctx, next) => {
    const shell = routeShells[ctx.path];
    const wantsPage = (ctx.method === 'GET' || ctx.method === 'HEAD') && ctx.accepts('html') === 'html';
    if (!shell || !wantsPage) return next();
    ctx.vary('Cookie');
    if (shell.signedInOnly && !ctx.cookies.get(sessionCookie)) {
      ctx.set('Cache-Control', 'no-cache');
      ctx.redirect(signInPath);
      return;
    }
    if (!shell.perLanguage) return sendShell(ctx, join(staticDir, 'shells', shell.file));
    const language = requestLanguage(ctx, { followAddress: true });
    ctx.set('Content-Language', language);
    ctx.set('Link', languageAlternates(publicUrl ?? ctx.origin, ctx.path));
    const file = join(staticDir, 'shells', shell.file.replace('{lng}', language));
    await sendPublicPage(ctx, file, await servedAnswers(ctx.path));
  });
  app.use(
    serve(staticDir, {
      setHeaders(res, path) {
        const hashed = path.includes(`${join(staticDir, 'assets')}`);
        res.setHeader('Cache-Control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
        res.setHeader('Vary', 'Accept-Encoding');
      },
    }),
  );
  app.use(async (ctx, next) => {
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') return next();
    // A missing file (/coins/x.svg, /locales/xx/y.json) is a 404, not the app's page.
    if (/\.[a-z0-9]+$/i.test(ctx.path) || ctx.accepts('html') !== 'html') return next();
    sendShell(ctx, join(staticDir, 'index.html'));
  });
}

const alternatesByAddress = new Map<string, string>();

/** Each language's address of the page (`?lang=`), and the one that picks for the visitor, for search engines. */
function languageAlternates(origin: string, path: string): string {
  const address = `${origin}${path}`;
  let alternates = alternatesByAddress.get(address);
  if (alternates === undefined) {
    alternates = writeLanguageAlternates(origin, path);
    // The public pages' addresses are a handful; an origin from a spoofed Host header is not kept.
    if (alternatesByAddress.size < 64) alternatesByAddress.set(address, alternates);
  }
  return alternates;
}

function writeLanguageAlternates(origin: string, path: string): string {
  const url = new URL(path, origin);
  const alternates = LANGUAGE_CODES.map((language) => {
    url.searchParams.set('lang', language);
    return `<${url.href}>; rel="alternate"; hreflang="${language}"`;
  });
  url.searchParams.delete('lang');
  return [...alternates, `<${url.href}>; rel="alternate"; hreflang="x-default"`].join(', ');
}

function readRouteShells(staticDir: string): RouteShellIndex {
  const index = join(staticDir, 'shells', 'routes.json');
  return existsSync(index) ? (JSON.parse(readFileSync(index, 'utf8')) as RouteShellIndex) : {};
}

const copySuffix = { br: '.br', gzip: '.gz' } as const;

/** Brotli first whenever accepted, as koa-send chooses for the other files. */
const acceptedEncoding = (ctx: Koa.Context, available: (encoding: 'br' | 'gzip') => boolean = () => true) =>
  (['br', 'gzip'] as const).find((name) => ctx.acceptsEncodings(name, 'identity') === name && available(name));

function setShellHeaders(ctx: Koa.Context, encoding: 'br' | 'gzip' | undefined) {
  ctx.type = 'html';
  ctx.set('Cache-Control', 'no-cache');
  ctx.vary('Accept-Encoding');
  ctx.vary('Accept-Language');
  if (encoding) ctx.set('Content-Encoding', encoding);
}

/** An HTML shell, never cached without revalidation, in its brotli or gzip copy when the browser takes one. */
function sendShell(ctx: Koa.Context, file: string) {
  const encoding = acceptedEncoding(ctx, (name) => existsSync(file + copySuffix[name]));
  setShellHeaders(ctx, encoding);
  ctx.body = createReadStream(encoding ? file + copySuffix[encoding] : file);
}

const compress = {
  // Quality 6: within 1.5 KB of the maximum on a landing page, in about 3 ms instead of 70.
  br: promisify((input: Buffer, done: (error: Error | null, result: Buffer) => void) =>
    brotliCompress(input, { params: { [constants.BROTLI_PARAM_QUALITY]: 6 } }, done),
  ),
  gzip: promisify((input: Buffer, done: (error: Error | null, result: Buffer) => void) => gzip(input, done)),
};

/**
 * Sends a public page with its first screen's answers (served-answers.ts) before `</body>`. The answers change at
 * most once a market refresh or plan edit, so each page is compressed once per change, not per request; the page
 * itself is read again when the build replaces it.
 */
function publicPageSender() {
  const pages = new Map<string, { modified: number; checkedAt: number; html: string }>();
  const copies = new Map<string, { script: string; modified: number; body: Buffer }>();

  /** The page's HTML, read again when the build has replaced it (looked at once a second at most). */
  async function readPage(file: string) {
    let page = pages.get(file);
    const now = performance.now();
    if (page && now - page.checkedAt < 1_000) return page;
    const { mtimeMs: modified } = await stat(file);
    if (page?.modified !== modified) page = { modified, checkedAt: now, html: await readFile(file, 'utf8') };
    page.checkedAt = now;
    pages.set(file, page);
    return page;
  }

  return async function sendPublicPage(ctx: Koa.Context, file: string, script: string) {
    const page = await readPage(file);
    const encoding = acceptedEncoding(ctx);
    const key = `${file}:${encoding ?? 'identity'}`;
    let copy = copies.get(key);
    if (copy?.script !== script || copy.modified !== page.modified) {
      const end = page.html.lastIndexOf('</body>');
      const html = Buffer.from(
        end < 0 ? page.html + script : page.html.slice(0, end) + script + page.html.slice(end),
        'utf8',
      );
      copy = { script, modified: page.modified, body: encoding ? await compress[encoding](html) : html };
      copies.set(key, copy);
    }
    setShellHeaders(ctx, encoding);
    ctx.body = copy.body;
  };
}
