import { act, screen } from '@testing-library/react';
import { matchRoutes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderRoutesWithQuery } from '../test/render-page';
import { routes } from './router';

// Section 2 of the spec, plus the two referenced forms.
const specRoutes = [
  '/',
  '/sign-in',
  '/sign-up',
  '/email-verification',
  '/reset-password',
  '/update-password',
  '/portfolio',
  '/about-us',
  '/contact',
  '/services',
  '/user-profile',
  '/homepage',
  '/dashboard',
  '/withdraw-page',
  '/transaction',
  '/referral-page',
  '/deposit-page',
  '/crytodeposit',
  '/bitcoindeposit1',
  '/trading-plans',
  '/tradingplan-details/2',
  '/asset',
  '/admin/anything',
  '/login',
  '/dashboard-overview',
  '/add-admin',
  '/users',
  '/receipts',
  '/reset-password1',
  '/product-home',
  '/referral/ABC123',
];

// Awaited act: pages come from their chunks through use(), which React resolves only in an awaited act scope.
async function renderAt(path: string) {
  await act(async () => {
    renderRoutesWithQuery(routes, { route: path });
  });
}

describe('route table', () => {
  afterEach(() => vi.unstubAllGlobals());

  it.each(specRoutes)('has a page for %s', (path) => {
    const matched = matchRoutes(routes, path);
    expect(matched?.at(-1)?.route.path).not.toBe('*');
  });

  it('sends /, /homepage and /product-home to the same home page', () => {
    const homes = ['/', '/homepage', '/product-home'].map((path) => matchRoutes(routes, path)?.at(-1)?.route.element);
    expect(new Set(homes).size).toBe(1);
  });

  it('sends the referral link to sign-up with the code as a parameter', () => {
    const [signUp, referral] = ['/sign-up', '/referral/ABC123'].map((path) => matchRoutes(routes, path)?.at(-1));
    expect(referral?.route.element).toBe(signUp?.route.element);
    expect(referral?.params.code).toBe('ABC123');
  });

  it.each([
    '/dashboard',
    '/transaction',
    '/referral-page',
    '/user-profile',
    '/deposit-page',
    '/crytodeposit',
    '/bitcoindeposit1',
    '/trading-plans',
    '/tradingplan-details/2',
    '/withdraw-page',
    '/asset',
    '/outbox',
    '/notifications',
  ])('puts %s under the investor layout', (path) => {
    const [layout, page] = matchRoutes(routes, path) ?? [];
    expect(layout?.route).toBe(routes[0]);
    expect(page?.route.path).not.toBe('*');
  });

  it('keeps the admin screens out of the investor layout', () => {
    for (const path of ['/login', '/users']) expect(matchRoutes(routes, path)?.[0]?.route).not.toBe(routes[0]);
  });

  it('sends an anonymous visitor of /dashboard to the sign-in page', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: Request) =>
        new URL(input.url).pathname === '/api/session'
          ? new Response(JSON.stringify({ signedIn: false }), { status: 200 })
          : new Response(JSON.stringify({ message: 'Unavailable' }), { status: 503 }),
      ),
    );
    vi.stubGlobal(
      'Request',
      class extends Request {
        constructor(input: RequestInfo | URL, init?: RequestInit) {
          super(typeof input === 'string' ? new URL(input, window.location.href) : input, init);
        }
      },
    );
    await renderAt('/dashboard');
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' }, { timeout: 5000 })).toBeInTheDocument();
  });

  it('shows a real 404 page for an unknown path', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{}', { status: 503 })),
    );
    await renderAt('/no/such/page');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();
  });
});
