import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { db } from '../../lib/offline/db';
import { saveReceipt } from '../../lib/outbox/queue';
import { queueProfileEdit } from '../../lib/outbox/profile-edit';
import { outboxDrainer } from '../../lib/outbox/runner';
import { fakeApi } from '../../test/fake-api';
import { renderRoutesWithQuery } from '../../test/render-page';
import { stubUploads } from '../../test/fake-upload';
import { InvestorLayout } from './investor-layout';

const userData = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.com',
  referralCode: 'ADA123',
  referralsCount: 0,
  emailVerified: true,
};
const deposit = {
  id: 'd1',
  amount: 150,
  coin: 'bitcoin',
  planName: null,
  status: 'pending',
  rejectReason: null,
  createdAt: '2026-11-22T05:00:00Z',
};
const png = (name: string) => new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], name, { type: 'image/png' });

const saveFor = (id: string, state: 'waiting' | 'failed', nextAttemptAt = 0) =>
  saveReceipt({
    id,
    owner: userData.email,
    fields: { email: userData.email, amount: '150' },
    file: png(`${id}.png`),
  }).then(() => db.outbox.update(id, { state, nextAttemptAt, attempts: state === 'failed' ? 1 : 0 }));
const queueEdit = (id: string) =>
  queueProfileEdit({ id, owner: userData.email, tab: 'withdrawer', changes: { bankName: 'Harbour Bank' } });

function renderLayout() {
  const { router } = renderRoutesWithQuery(
    [
      { element: <InvestorLayout />, children: [{ path: '/dashboard', element: <p>Dashboard page</p> }] },
      { path: '/sign-in', element: <h1>Sign in page</h1> },
    ],
    { route: '/dashboard' },
  );
  return router;
}

const api = () =>
  fakeApi({
    'GET /api/config': { status: 200, body: { siteName: 'Placeholder Mining' } },
    'GET /api/session': { status: 200, body: { signedIn: true, role: 'investor', userData } },
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
  it('counts receipts and profile edits alike: the notice links to the outbox page, the top bar shows a badge', async () => {
    api();
    const uploads = stubUploads();
    goOffline();
    await saveFor('notice-1', 'waiting');
    await saveFor('notice-2', 'waiting');
    await saveFor('notice-3', 'failed');
    await queueEdit('notice-4');
    renderLayout();
    const notice = await screen.findByText('3 items are waiting to be sent.');
    expect(notice.closest('[role="status"]')).toHaveTextContent('1 item could not be sent.');
    expect(screen.getByRole('link', { name: 'Open the outbox' })).toHaveAttribute('href', '/outbox');
    const outbox = within(screen.getByRole('banner')).getByRole('link', { name: 'Outbox: 4 items not sent yet' });
    expect(outbox).toHaveAttribute('href', '/outbox');
    expect(outbox).toHaveTextContent('4');
    expect(uploads).toHaveLength(0);
  });

  it('the top bar links to the outbox without a badge when nothing waits', async () => {
    api();
    renderLayout();
    await screen.findByText('Dashboard page');
    const outbox = within(screen.getByRole('banner')).getByRole('link', { name: 'Outbox' });
    expect(outbox).toHaveAttribute('href', '/outbox');
    expect(outbox).toHaveTextContent('');
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('replays waiting receipts at start, then refreshes the investor figures', async () => {
    const server = api();
    const uploads = stubUploads();
    await saveFor('start-1', 'waiting', Date.now() + 60_000);
    renderLayout();
    // A new start tries at once, whatever backoff an earlier visit had set.
    await waitFor(() => expect(uploads).toHaveLength(1));
    expect(uploads[0]!.headers['Idempotency-Key']).toBe('start-1');
    expect(await screen.findByText('1 item is waiting to be sent.')).toBeInTheDocument();
    const before = server.requestsTo('GET /api/session').length;
    act(() => uploads[0]!.respond(201, { message: 'Receipt uploaded successfully', deposit }));
    await waitFor(() => expect(screen.queryByText(/waiting to be sent/)).not.toBeInTheDocument());
    await waitFor(() => expect(server.requestsTo('GET /api/session').length).toBeGreaterThan(before));
  });

  it("sends a receipt (even one backed off) at once when the window's 'online' event fires", async () => {
    api();
    const uploads = stubUploads();
    const onLine = goOffline();
    await saveFor('online-1', 'waiting', Date.now() + 60_000);
    renderLayout();
    await screen.findByText('1 item is waiting to be sent.');
    expect(uploads).toHaveLength(0);
    onLine.mockReturnValue(true);
    act(() => void window.dispatchEvent(new Event('online')));
    await waitFor(() => expect(uploads).toHaveLength(1));
    expect(uploads[0]!.headers['Idempotency-Key']).toBe('online-1');
  });

  it('asks before sign-out deletes receipts and profile edits, naming each kind: cancel keeps them, confirm deletes them', async () => {
    const server = api();
    stubUploads();
    goOffline();
    await saveFor('signout-1', 'waiting');
    await saveFor('signout-2', 'failed');
    await queueEdit('signout-3');
    const router = renderLayout();
    const person = userEvent.setup();
    await screen.findByText('Dashboard page');

    await person.click(screen.getByRole('button', { name: 'Sign out' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete items not yet sent?' });
    expect(dialog).toHaveTextContent('3 items are waiting to be sent; signing out deletes them from this device:');
    expect(
      within(dialog)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['2 deposit receipts', '1 profile change']);
    await person.click(within(dialog).getByRole('button', { name: 'Stay signed in' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(server.requestsTo('POST /api/signout')).toHaveLength(0);
    expect(await db.outbox.count()).toBe(3);

    await person.click(screen.getByRole('button', { name: 'Sign out' }));
    await person.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete and sign out' }));
    expect(await screen.findByRole('heading', { name: 'Sign in page' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/sign-in');
    expect(server.requestsTo('POST /api/signout')).toHaveLength(1);
    expect(await db.outbox.count()).toBe(0);
  });

  it('names a lone profile edit in the sign-out question, not a receipt', async () => {
    api();
    goOffline();
    await queueEdit('signout-edit');
    renderLayout();
    const person = userEvent.setup();
    await screen.findByText('Dashboard page');
    await person.click(screen.getByRole('button', { name: 'Sign out' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete items not yet sent?' });
    expect(dialog).toHaveTextContent('1 item is waiting to be sent; signing out deletes it from this device:');
    expect(
      within(dialog)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['1 profile change']);
  });
});
