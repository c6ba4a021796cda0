import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/test-app';

describe('GET /api/health', () => {
  const app = useTestApp();

  it('answers ok once the database answers', async () => {
    const response = await app.client().get('/api/health');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ status: 'ok' });
  });

  it('sends the short security header set on JSON answers, errors included', async () => {
    for (const path of ['/api/health', '/api/no-such-thing']) {
      const { headers } = await app.client().get(path);
      expect(headers.get('content-security-policy'), path).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(headers.get('x-content-type-options'), path).toBe('nosniff');
      expect(headers.get('x-frame-options'), path).toBe('DENY');
      expect(headers.get('cross-origin-resource-policy'), path).toBe('same-origin');
      expect(headers.get('referrer-policy'), path).toBe('strict-origin-when-cross-origin');
      // Document-only switches are left off data.
      expect(headers.get('cross-origin-opener-policy'), path).toBeNull();
      expect(headers.get('strict-transport-security'), path).toBeNull();
    }
    const overHttps = await app.client().get('/api/health', { headers: { 'x-forwarded-proto': 'https' } });
    expect(overHttps.headers.get('strict-transport-security')).toContain('max-age=');
  });

  it('answers 404 in JSON for an unknown API path', async () => {
    const response = await app.client().get('/api/no-such-thing');
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ message: 'Not found' });
  });
});
