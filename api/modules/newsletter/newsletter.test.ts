import { describe, expect, it } from 'vitest';
import { uniqueEmail } from '../../test/fixtures';
import { useTestApp } from '../../test/test-app';

describe('POST /api/newsletter', () => {
  const app = useTestApp({ env: { RATE_LIMITS: 'on' } });

  const rowsFor = (email: string) => app.db('newsletter_subscribers').where({ email: email.toLowerCase() });

  it('subscribes with 201 the first time and answers 200 again, keeping one lower-cased row', async () => {
    const email = uniqueEmail('reader');
    const first = await app.client().post('/api/newsletter', { email: email.toUpperCase() });
    expect(first.status).toBe(201);
    expect(first.body).toEqual({ message: 'Subscribed' });

    const again = await app.client().post('/api/newsletter', { email: `  ${email} ` });
    expect(again.status).toBe(200);
    expect(again.body).toEqual({ message: 'Subscribed' });

    const rows = await rowsFor(email);
    expect(rows).toHaveLength(1);
    expect(rows[0].email).toBe(email.toLowerCase());
  });

  it('keeps one row when the same address subscribes in 10 concurrent requests', async () => {
    const email = uniqueEmail('racer');
    const responses = await Promise.all(
      Array.from({ length: 10 }, (_, index) =>
        app.client().post('/api/newsletter', { email: index % 2 ? email.toUpperCase() : email }),
      ),
    );
    const statuses = responses.map((response) => response.status).sort();
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200, 200, 200, 200, 201]);
    expect(await rowsFor(email)).toHaveLength(1);
  });

  it.each([
    ['no e-mail', {}],
    ['an invalid e-mail', { email: 'not-an-email' }],
    ['a number', { email: 12 }],
  ])('refuses %s with 400 and a field error', async (_, payload) => {
    const response = await app.client().post('/api/newsletter', payload);
    expect(response.status).toBe(400);
    expect(response.body.message).toBe('Email address is not valid');
    expect(response.body.errors).toHaveProperty('email');
  });

  it('limits one address to 5 subscriptions in 10 minutes', async () => {
    const reader = app.client();
    for (let attempt = 0; attempt < 5; attempt++) {
      expect((await reader.post('/api/newsletter', { email: uniqueEmail('limited') })).status).toBe(201);
    }
    const refused = await reader.post('/api/newsletter', { email: uniqueEmail('limited') });
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBeTruthy();
  });
});
