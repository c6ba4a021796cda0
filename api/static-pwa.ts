import { createReadStream, existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type Koa from 'koa';
import serve from 'koa-static';
import { LANGUAGE_CODES } from './contracts/languages';
import type { RouteShellIndex } from './contracts/route-shells';
import { requestLanguage } from './lib/request-language';
import { sessionCookie, type AppState } from './middleware/authenticate';

/** Where an investor page sends a visitor without a session (the PWA's paths.signIn). */
const signInPath = '/sign-in';

/**
 * Serves the built PWA; any other GET falls back to index.html so client routes deep-link. The build writes
 * .br and .gz copies of its text files (pwa/build/precompress-plugin.ts), sent to browsers that accept them.
 */
export function serveStaticPwa(app: Koa<AppState>, staticDir: string, publicUrl: string | undefined) {
  // Pages whose HTML names their own chunks, the public ones rendered in each language (pwa/build/route-shells-plugin.ts).
  // An investor page asked for without a session cookie goes straight to sign-in, where the investor layout would
  // send the visitor after asking for the session.
  const routeShells = readRouteShells(staticDir);
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
    sendShell(ctx, join(staticDir, 'shells', shell.file.replace('{lng}', language)));
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

/** Each language's address of the page (`?lang=`), and the one that picks for the visitor, for search engines. */
function languageAlternates(origin: string, path: string): string {
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

/** An HTML shell, never cached without revalidation, in its brotli or gzip copy when the browser takes one. */
function sendShell(ctx: Koa.Context, file: string) {
  // Brotli first whenever accepted, as koa-send chooses for the other files.
  const encoding = (['br', 'gzip'] as const).find(
    (name) => ctx.acceptsEncodings(name, 'identity') === name && existsSync(file + copySuffix[name]),
  );
  ctx.type = 'html';
  ctx.set('Cache-Control', 'no-cache');
  ctx.vary('Accept-Encoding');
  ctx.vary('Accept-Language');
  if (encoding) ctx.set('Content-Encoding', encoding);
  ctx.body = createReadStream(encoding ? file + copySuffix[encoding] : file);
}
