import type { AddressInfo } from 'node:net';
import Koa from 'koa';
import { afterEach, describe, expect, it } from 'vitest';
import { createLogger } from '../lib/logger';
import { requestContext } from './request-context';

let close: (() => void) | undefined;
afterEach(() => close?.());

/** A Koa app with the request context in front of `handler`, listening on a free port, and the lines it logs. */
async function serve(handler: Koa.Middleware) {
  const lines: string[] = [];
  const logger = createLogger('info', { write: (line: string) => void lines.push(line) });
  const app = new Koa();
  app.use(requestContext(logger));
  app.use(handler);
  const server = app.listen(0, '127.0.0.1');
  await new Promise((ready) => server.once('listening', ready));
  close = () => server.close();
  const { port } = server.address() as AddressInfo;
  const logged = () => lines.map((line) => JSON.parse(line) as Record<string, unknown>);
  return { url: `http://127.0.0.1:${port}`, logger, logged };
}

describe('requestContext', () => {
  it('logs one line per request with its id, method, path, status and time, never the query', async () => {
    const { url, logged } = await serve((ctx) => {
      ctx.body = { ok: true };
    });
    const response = await fetch(`${url}/api/verify-email?token=one-time-secret`, {
      headers: { 'x-request-id': 'probe-request-1' },
    });
    expect(response.headers.get('x-request-id')).toBe('probe-request-1');
    const [line] = logged();
    expect(line).toMatchObject({
      msg: 'request',
      requestId: 'probe-request-1',
      method: 'GET',
      path: '/api/verify-email',
      status: 200,
    });
    expect(typeof line!.ms).toBe('number');
    expect(JSON.stringify(logged())).not.toContain('one-time-secret');
  });

  it('leaves the redaction of every other line in place', async () => {
    const { url, logger, logged } = await serve((ctx) => {
      logger.warn({ body: { password: 'hunter2', token: 't0k3n' } }, 'handler line');
      ctx.status = 204;
    });
    await fetch(`${url}/api/signin`, { method: 'POST' });
    const handlerLine = logged().find((line) => line.msg === 'handler line');
    expect(handlerLine).toMatchObject({ body: { password: '[redacted]', token: '[redacted]' } });
    expect(JSON.stringify(logged())).not.toMatch(/hunter2|t0k3n/);
  });
});
