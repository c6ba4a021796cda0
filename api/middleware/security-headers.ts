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

/** Pages, files and receipt previews get the document headers; JSON answers (errors included) the short set. */
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
      else await documentHeaders(ctx, async () => undefined);
    }
  };
}
