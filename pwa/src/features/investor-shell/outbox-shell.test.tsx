import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { db } from '../../lib/db';
import { saveReceipt } from '../../lib/outbox';
import { outboxDrainer } from '../../lib/outbox-runner';
import { fakeApi } from '../../test/fake-api';
import { stubUploads } from '../../lib/outbox-fake-upload';
import { InvestorLayout } from './investor-layout';

const userData = { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com', referralCode: 'ADA123', referralsCount: 0, emailVerified: true };
const deposit = { id: 'd1', amount: 150, coin: 'bitcoin', planName: null, status: 'pending', rejectReason: null, createdAt: '2026-11-22T05:00:00Z' };
const png = (name: string) => new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], name, { type: 'image/png' });

const saveFor = (id: string, state: 'waiting' | 'failed', nextAttemptAt = 0) =>
  saveReceipt({ id, owner: userData.email, fields: { email: userData.email, amount: '150' }, file: png(`${id}.png`) })
    .then(() => db.outbox.update(id, { state, nextAttemptAt, attempts: state === 'failed' ? 1 : 0 }));

function renderLayout() {
  const router = createMemoryRouter([
    { element: <InvestorLayout />, children: [{ path: '/dashboard', element: <p>Dashboard page</p> }] },
    { path: '/sign-in', element: <h1>Sign in page</h1> },
  ], { initialEntries: ['/dashboard'] });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(<QueryClientProvider client={client}><RouterProvider router={router} /></QueryClientProvider>);
  return router;
}

const api = () => fakeApi({
  'GET /api/config': { status: 200, body: { siteName: 'Placeholder Mining' } },
  'GET /api/userdata': { status: 200, body: { userData } },
  'POST /api/signout': { status: 200, body: { message: 'Signed out' } },
});

/** The browser's connection as navigator.onLine reports it (the replay at start sends nothing while offline). */
const goOffline = () => vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);

beforeEach(() => localStorage.clear());
afterEach(async () => {
  vi.restoreAllMocks();
  // Abandons an upload a test left unanswered, so the next test starts with an idle drainer.
  outboxDrainer.stop({ abandonUpload: true });
  await db.outbox.clear();
});

describe('the outbox in the investor shell', () => {
  it('shows how many receipts wait or failed, linking to the deposit page', async () => {
    api();
    const uploads = stubUploads();
    goOffline();
    await saveFor('notice-1', 'waiting');
    await saveFor('notice-2', 'waiting');
    await saveFor('notice-3', 'failed');
    renderLayout();
    const notice = await screen.findByText('2 receipts are waiting to upload.');
    expect(notice.closest('[role="status"]')).toHaveTextContent('1 receipt could not be uploaded.');
    expect(screen.getByRole('link', { name: 'See receipts' })).toHaveAttribute('href', '/deposit-page');
    expect(uploads).toHaveLength(0);
  });

  it('replays waiting receipts at start, then refreshes the investor figures', async () => {
    const server = api();
    const uploads = stubUploads();
    await saveFor('start-1', 'waiting', Date.now() + 60_000);
    renderLayout();
    // A new start tries at once, whatever backoff an earlier visit had set.
    await waitFor(() => expect(uploads).toHaveLength(1));
    expect(uploads[0]!.headers['Idempotency-Key']).toBe('start-1');
    expect(await screen.findByText('1 receipt is waiting to upload.')).toBeInTheDocument();
    const before = server.requestsTo('GET /api/userdata').length;
    act(() => uploads[0]!.respond(201, { message: 'Receipt uploaded successfully', deposit }));
    await waitFor(() => expect(screen.queryByText(/waiting to upload/)).not.toBeInTheDocument());
    await waitFor(() => expect(server.requestsTo('GET /api/userdata').length).toBeGreaterThan(before));
  });

  it("sends a receipt (even one backed off) at once when the window's 'online' event fires", async () => {
    api();
    const uploads = stubUploads();
    const onLine = goOffline();
    await saveFor('online-1', 'waiting', Date.now() + 60_000);
    renderLayout();
    await screen.findByText('1 receipt is waiting to upload.');
    expect(uploads).toHaveLength(0);
    onLine.mockReturnValue(true);
    act(() => void window.dispatchEvent(new Event('online')));
    await waitFor(() => expect(uploads).toHaveLength(1));
    expect(uploads[0]!.headers['Idempotency-Key']).toBe('online-1');
  });

  it('asks before sign-out deletes waiting receipts: cancel keeps them, confirm deletes them and signs out', async () => {
    const server = api();
    stubUploads();
    goOffline();
    await saveFor('signout-1', 'waiting');
    await saveFor('signout-2', 'failed');
    const router = renderLayout();
    const person = userEvent.setup();
    await screen.findByText('Dashboard page');

    await person.click(screen.getByRole('button', { name: 'Sign out' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete waiting receipts?' });
    expect(dialog).toHaveTextContent('2 receipts are still waiting to upload; signing out deletes them from this device.');
    await person.click(within(dialog).getByRole('button', { name: 'Stay signed in' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(server.requestsTo('POST /api/signout')).toHaveLength(0);
    expect(await db.outbox.count()).toBe(2);

    await person.click(screen.getByRole('button', { name: 'Sign out' }));
    await person.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete and sign out' }));
    expect(await screen.findByRole('heading', { name: 'Sign in page' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/sign-in');
    expect(server.requestsTo('POST /api/signout')).toHaveLength(1);
    expect(await db.outbox.count()).toBe(0);
  });
});
