import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach } from 'vitest';

// vitest runs without globals, so Testing Library cannot register its own cleanup.
afterEach(() => cleanup());

/** Renders a page at a URL; English texts come from the shared test setup (pwa/src/test/i18n-setup.ts). */
export function renderPage(ui: ReactElement, { route = '/' }: { route?: string } = {}) {
  return render(<MemoryRouter initialEntries={[route]}>{ui}</MemoryRouter>);
}

/** Renders a page that reads server state (operator config) with a fresh query cache and no retries. */
export function renderPageWithQuery(ui: ReactElement, options: { route?: string } = {}) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return renderPage(<QueryClientProvider client={client}>{ui}</QueryClientProvider>, options);
}
