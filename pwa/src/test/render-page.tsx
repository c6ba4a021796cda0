import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, MemoryRouter, RouterProvider, type RouteObject } from 'react-router-dom';
import { afterEach } from 'vitest';

// vitest runs without globals, so Testing Library cannot register its own cleanup.
afterEach(() => cleanup());

/** A fresh query cache that fails at once instead of retrying, so a test sees an error answer without waiting. */
export function createTestQueryClient() {
  return new QueryClient({ defaultOptions: { queries: { retry: false } } });
}

type QueryOptions = {
  /** A cache the test prepared or inspects afterwards (e.g. queryClientWithConfig()); a fresh one otherwise. */
  client?: QueryClient;
};

/** Renders a component that reads server state, outside any router; returns the cache with the render result. */
export function renderWithQuery(ui: ReactElement, { client = createTestQueryClient() }: QueryOptions = {}) {
  return { ...render(<QueryClientProvider client={client}>{ui}</QueryClientProvider>), client };
}

/** Renders a page at a URL; English texts come from the shared test setup (pwa/src/test/i18n-setup.ts). */
export function renderPage(ui: ReactElement, { route = '/' }: { route?: string } = {}) {
  return render(<MemoryRouter initialEntries={[route]}>{ui}</MemoryRouter>);
}

/** Renders a page that reads server state (operator config) with a fresh query cache and no retries. */
export function renderPageWithQuery(ui: ReactElement, { route = '/', client }: QueryOptions & { route?: string } = {}) {
  return renderWithQuery(<MemoryRouter initialEntries={[route]}>{ui}</MemoryRouter>, { client });
}

/** Renders a route table at a URL, for tests that follow navigation (redirects, links); returns the router too. */
export function renderRoutesWithQuery(
  routes: RouteObject[],
  { route = '/', client }: QueryOptions & { route?: string } = {},
) {
  const router = createMemoryRouter(routes, { initialEntries: [route] });
  return { ...renderWithQuery(<RouterProvider router={router} />, { client }), router };
}
