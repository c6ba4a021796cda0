import { request } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { signUpInvestor } from '../test/fixtures';
import { useTestApp } from '../test/test-app';
import { statementsDuring } from '../test/sql-statements';

// The site's busiest public reads are answered from memory ahead of the body parser, the session look-up and the
// router (ApiRouter.addPublicRead): a signed-in visitor's request costs no database round trip, and everything a
// client can see of the full stack still holds.
const publicReads = ['/api/plans', '/api/market/coins'];

describe('public reads answered from memory', () => {
  const app = useTestApp();

  it.each(publicReads)('GET %s with a session sends no SQL once its answer is prepared', async (path) => {
    const { client } = await signUpInvestor(app);
    expect((await client.get(path)).status).toBe(200);
    let status = 0;
    const statements = await statementsDuring(app.db, async () => {
      status = (await client.get(path)).status;
    });
    expect(status).toBe(200);
    expect(statements).toEqual([]);
  });

  it.each(publicReads)(
    'GET %s keeps the security headers, request id and revalidation of every API answer',
    async (path) => {
      const response = await app.client().get(path, { headers: { 'x-request-id': 'public-read-0001' } });
      expect(response.status).toBe(200);
      expect(response.headers.get('x-request-id')).toBe('public-read-0001');
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('x-frame-options')).toBe('DENY');
      expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
      expect(response.headers.get('cache-control')).toBe('no-cache');
      expect(response.headers.get('etag')).toMatch(/^"[\w-]+"$/);
    },
  );

  it.each(publicReads)(
    '%s: HEAD answers, a POST is not found as on any GET-only route, a trailing slash still finds it, NUL in the query is 400',
    async (path) => {
      const head = await app.client().request('HEAD', path);
      expect(head.status).toBe(200);
      const post = await app.client().post(path, {});
      expect(post.status).toBe(404);
      expect(post.body).toEqual({ message: 'Not found' });
      expect((await app.client().get(`${path}/`)).status).toBe(200);
      const hostile = await app.client().get(`${path}?q=%00`);
      expect(hostile.status).toBe(400);
      expect(hostile.body).toMatchObject({
        message: 'Request contains characters that are not allowed',
        errors: { q: expect.any(String) },
      });
    },
  );

  /** The raw bytes and headers, undecoded (fetch would decompress behind the test's back). */
  function rawGet(path: string, headers: Record<string, string>) {
    return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }>(
      (resolve, reject) => {
        const call = request(new URL(path, app.url), { headers }, (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () =>
            resolve({ status: response.statusCode!, headers: response.headers, body: Buffer.concat(chunks) }),
          );
        });
        call.on('error', reject);
        call.end();
      },
    );
  }

  it.each(publicReads)(
    'GET %s is sent compressed once to a client that takes brotli or gzip, each with its own ETag',
    async (path) => {
      const plain = await rawGet(path, {});
      expect(plain.headers['content-encoding']).toBeUndefined();
      const json = JSON.parse(plain.body.toString('utf8')) as unknown;
      const brotli = await rawGet(path, { 'accept-encoding': 'gzip, deflate, br' });
      expect(brotli.headers['content-encoding']).toBe('br');
      expect(brotli.headers.vary).toContain('Accept-Encoding');
      expect(JSON.parse(brotliDecompressSync(brotli.body).toString('utf8'))).toEqual(json);
      const gzip = await rawGet(path, { 'accept-encoding': 'gzip' });
      expect(gzip.headers['content-encoding']).toBe('gzip');
      expect(JSON.parse(gunzipSync(gzip.body).toString('utf8'))).toEqual(json);
      if (path === '/api/market/coins') expect(brotli.body.length).toBeLessThan(plain.body.length / 3);

      const etags = [plain, brotli, gzip].map((answer) => answer.headers.etag);
      expect(new Set(etags).size).toBe(3);
      const revalidated = await rawGet(path, { 'accept-encoding': 'br', 'if-none-match': String(brotli.headers.etag) });
      expect(revalidated.status).toBe(304);
      expect(revalidated.body.length).toBe(0);
      // Another encoding's validator does not match this representation.
      expect(
        (await rawGet(path, { 'accept-encoding': 'br', 'if-none-match': String(plain.headers.etag) })).status,
      ).toBe(200);
    },
  );
});
