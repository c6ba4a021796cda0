import type { QueryClient } from '@tanstack/react-query';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderPageWithQuery } from '../../test/render-page';
import { SiteHeader } from './site-header';

/** The header's config query runs after the first render (its code loads then): wait until it has given up. */
async function configRequestFailed(client: QueryClient) {
  await waitFor(() =>
    expect(client.getQueryState(['operator-config'])).toMatchObject({ status: 'error', fetchStatus: 'idle' }),
  );
}

describe('the header before /api/config answers', () => {
  it('already shows the operator’s name built into the app, not a generic one that changes later', () => {
    // A config request that never answers: what the first paint shows is all there is.
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise(() => undefined)),
    );
    renderPageWithQuery(<SiteHeader />);
    expect(screen.getByRole('link', { name: 'Built-in Mining (demo) home' })).toHaveTextContent(
      'Built-in Mining (demo)',
    );
    vi.unstubAllGlobals();
  });

  it('keeps the built-in name when /api/config cannot be reached', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    const { client } = renderPageWithQuery(<SiteHeader />);
    await configRequestFailed(client);
    expect(screen.getByRole('link', { name: 'Built-in Mining (demo) home' })).toHaveTextContent(
      'Built-in Mining (demo)',
    );
    vi.unstubAllGlobals();
  });

  it('keeps the support line and language choice out of the pinned header (they scroll away)', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise(() => undefined)),
    );
    const { client } = renderPageWithQuery(<SiteHeader />);
    const banner = screen.getByRole('banner');
    expect(banner).not.toContainElement(screen.getByRole('combobox', { name: 'Language' }));
    expect(banner).toContainElement(screen.getByRole('button', { name: 'Open menu' }));
    await configRequestFailed(client);
    vi.unstubAllGlobals();
  });
});
