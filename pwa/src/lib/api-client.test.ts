import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch, sentRequest } from '../test/fake-fetch';
import { ApiError, apiGet, apiPost } from './api-client';

describe('api client', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('sends JSON to /api/<path> and returns the JSON answer', async () => {
    const fetchMock = fakeFetch({ status: 201, body: { message: 'Subscribed' } });
    await expect(apiPost('newsletter', { email: 'a@example.com' })).resolves.toEqual({ message: 'Subscribed' });
    expect(sentRequest(fetchMock)).toEqual({
      url: '/api/newsletter',
      method: 'POST',
      body: { email: 'a@example.com' },
    });
  });

  it('asks for the language the page shows, so texts the API writes (notifications) come in it', async () => {
    const fetchMock = fakeFetch({ status: 200, body: {} });
    document.documentElement.lang = 'ar';
    try {
      await apiGet('notifications');
    } finally {
      document.documentElement.lang = '';
    }
    const [input] = fetchMock.mock.calls[0]!;
    expect((input as Request).headers.get('accept-language')).toBe('ar');
  });

  it('turns an error answer into an ApiError with the server’s message and field errors', async () => {
    fakeFetch({ status: 400, body: { message: 'Invalid input', errors: { email: 'Email address is not valid' } } });
    const error = await apiPost('submit-form', {}).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 400,
      message: 'Invalid input',
      errors: { email: 'Email address is not valid' },
    });
  });

  it('keeps Retry-After of a rate-limited answer', async () => {
    fakeFetch({ status: 429, body: { message: 'Too many attempts' }, headers: { 'Retry-After': '30' } });
    await expect(apiPost('signin', {})).rejects.toMatchObject({
      status: 429,
      message: 'Too many attempts',
      retryAfterSeconds: 30,
    });
  });

  it('reports a network failure as status 0 (after one retry for reads)', async () => {
    const fetchMock = fakeFetch('network-down', 'network-down');
    await expect(apiGet('plans')).rejects.toMatchObject({ status: 0 });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('never retries a write', async () => {
    const fetchMock = fakeFetch({ status: 503, body: { message: 'Unavailable' } }, { status: 201, body: {} });
    await expect(apiPost('newsletter', { email: 'a@example.com' })).rejects.toMatchObject({ status: 503 });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
