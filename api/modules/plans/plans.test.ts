import { describe, expect, it } from 'vitest';
import { planCatalogue } from '../../contracts/plans';
import { useTestApp } from '../../test/test-app';

// As a browser revalidates: fetch() alone would add Cache-Control: no-cache, which forbids a 304.
const revalidate = (etag: string) => ({ 'if-none-match': etag, 'cache-control': 'max-age=0' });

describe('GET /api/plans', () => {
  const app = useTestApp();

  it('is served from memory with an ETag (304 when unchanged) and re-read within a minute of a change', async () => {
    const first = await app.client().get('/api/plans');
    expect(first.status).toBe(200);
    expect(first.headers.get('content-type')).toMatch(/^application\/json/);
    expect(first.body.plans.map((plan: { name: string }) => plan.name)).toEqual(planCatalogue.map((plan) => plan.name));
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^"[\w-]+"$/);
    const unchanged = await app.client().get('/api/plans', { headers: revalidate(etag) });
    expect(unchanged.status).toBe(304);
    expect(unchanged.body).toBeUndefined();

    await app.db('plans').where({ id: first.body.plans[0].id }).update({ name: 'Renamed' });
    expect((await app.client().get('/api/plans')).body.plans[0].name).toBe(first.body.plans[0].name);
    app.clock.advance(60_001);
    const changed = await app.client().get('/api/plans', { headers: revalidate(etag) });
    expect(changed.status).toBe(200);
    expect(changed.body.plans[0].name).toBe('Renamed');
    expect(changed.headers.get('etag')).not.toBe(etag);
  });
});
