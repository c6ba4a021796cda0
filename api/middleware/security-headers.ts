import type { Middleware } from 'koa';
import helmet from 'koa-helmet';
import type { OperatorConfig } from '../config/operator';

const originOf = (url: string) => (url ? [new URL(url).origin] : []);

/** CSP with no inline scripts; third-party origins only for what the operator configured. */
export function securityHeaders(operator: OperatorConfig): Middleware[] {
  const mapOrigins = operator.mapsApiKey ? ['https://maps.googleapis.com', 'https://maps.gstatic.com'] : [];
  const chatOrigins = originOf(operator.chatWidgetScriptUrl);
  const headers = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...chatOrigins, ...mapOrigins],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...chatOrigins, ...mapOrigins],
        frameSrc: ["'self'", ...chatOrigins],
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    // HSTS only means something over https; sent below when the request is secure.
    strictTransportSecurity: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // Agrees with frame-ancestors 'none' for browsers that only read X-Frame-Options.
    xFrameOptions: { action: 'deny' },
  }) as unknown as Middleware;
  const hsts: Middleware = async (ctx, next) => {
    if (ctx.secure) ctx.set('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
    await next();
  };
  return [hsts, byKindOfAnswer(headers)];
}

/**
 * JSON answers are data, never shown as a page: the headers that still mean something for them (OWASP's REST
 * Security Cheat Sheet), a fixed set written once. The document headers above (CSP for scripts, opener policy,
 * legacy browser switches) would only add a kilobyte to every API answer.
 */
const jsonAnswerHeaders = {
  'Content-Security-Policy': "default-src 'none'; frame-ancestors 'none'",
  'Cross-Origin-Resource-Policy': 'same-origin',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'DENY',
};

/**
 * A file an investor uploaded (a receipt) is someone else's bytes shown on the admin's origin: sandboxed, so
 * even a file that slipped past the type check runs no script and reaches no origin, yet an image still shows
 * and the browser's PDF viewer still draws (it needs inline styles); never embeddable by another site.
 */
export const uploadedFileHeaders = {
  'Content-Security-Policy': "sandbox; default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'",
  'Cross-Origin-Resource-Policy': 'same-origin',
  'Referrer-Policy': 'no-referrer',
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'DENY',
};

/** Set by a route that answers with an uploaded file, so the answer gets uploadedFileHeaders instead of the page's. */
export const markUploadedFile = (ctx: { state: { uploadedFile?: boolean } }) => {
  ctx.state.uploadedFile = true;
};

/**
 * Pages and files get the document headers, uploaded files their sandbox; JSON answers (errors included) the
 * short set.
 */
function byKindOfAnswer(documentHeaders: Middleware): Middleware {
  return async (ctx, next) => {
    try {
      await next();
    } finally {
      // An error becomes its JSON answer further out (requestContext), after this runs.
      // The raw header, not ctx.response.is(): this runs on every request, and a prefix test is all it needs.
      const apiData =
        ctx.path.startsWith('/api/') &&
        (ctx.body == null || ctx.response.get('Content-Type').startsWith('application/json'));
      if (apiData) ctx.set(jsonAnswerHeaders);
      else if (ctx.state.uploadedFile && ctx.status === 200) ctx.set(uploadedFileHeaders);
      else await documentHeaders(ctx, async () => undefined);
    }
  };
}
