import { onlineManager, useQuery } from '@tanstack/react-query';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fakeApi } from '../../../test/fake-api';
import { renderRoutesWithQuery } from '../../../test/render-page';
import { statsQuery } from '../api/stats';
import { AdminLayout } from './admin-layout';

const adminId = 'a1b2c3d4-0000-4000-8000-000000000001';
const me = { status: 200, body: { admin: { email: 'boss@example.com', name: 'Bea Boss' } } };

function PageUsingStats() {
  const stats = useQuery(statsQuery());
  return <p>{stats.isSuccess ? 'Stats loaded' : 'Stats pending'}</p>;
}

function renderShellAt(path: string) {
  return renderRoutesWithQuery(
    [
      {
        element: <AdminLayout />,
        children: [
          { path: '/dashboard-overview', element: <h1>Overview page</h1> },
          { path: '/receipts', element: <PageUsingStats /> },
        ],
      },
      { path: '/login', element: <h1>Login page</h1> },
    ],
    { route: path },
  );
}

describe('admin shell guard', () => {
  beforeEach(() => localStorage.clear());

  it('sends a visitor without a stored adminId to /login without asking the server', async () => {
    const api = fakeApi({});
    const { router } = renderShellAt('/dashboard-overview');
    expect(await screen.findByRole('heading', { name: 'Login page' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(api.received).toEqual([]);
  });

  it.each([401, 403, 404])(
    'sends to /login and forgets the adminId when GET /api/admin/me answers %i',
    async (status) => {
      localStorage.setItem('adminId', adminId);
      const api = fakeApi({ [`GET /api/admin/me/${adminId}`]: { status, body: { message: 'No' } } });
      const { router } = renderShellAt('/dashboard-overview');
      expect(await screen.findByRole('heading', { name: 'Login page' })).toBeInTheDocument();
      expect(router.state.location.pathname).toBe('/login');
      expect(localStorage.getItem('adminId')).toBeNull();
      expect(api.requestsTo(`GET /api/admin/me/${adminId}`)).toHaveLength(1);
      expect(screen.queryByText('Overview page')).not.toBeInTheDocument();
    },
  );

  it("also leaves for /login when a page's own request gets 401 (session ended elsewhere)", async () => {
    localStorage.setItem('adminId', adminId);
    fakeApi({
      [`GET /api/admin/me/${adminId}`]: me,
      'GET /api/admin/stats': { status: 401, body: { message: 'Session expired or invalid' } },
    });
    renderShellAt('/receipts');
    expect(await screen.findByRole('heading', { name: 'Login page' })).toBeInTheDocument();
    expect(localStorage.getItem('adminId')).toBeNull();
  });

  it("shows the page, the admin's name and e-mail, and the side menu", async () => {
    localStorage.setItem('adminId', adminId);
    fakeApi({ [`GET /api/admin/me/${adminId}`]: me });
    renderShellAt('/dashboard-overview');
    expect(await screen.findByRole('heading', { name: 'Overview page' })).toBeInTheDocument();
    expect(screen.getByRole('banner')).toHaveTextContent('Bea Boss');
    expect(screen.getByRole('banner')).toHaveTextContent('boss@example.com');
    const menu = screen.getByRole('navigation', { name: 'Admin menu' });
    // Each entry leads with an SVG icon (no text glyph), hidden from screen readers: the words name the link.
    for (const link of within(menu).getAllByRole('link')) {
      expect(link.firstElementChild?.tagName.toLowerCase()).toBe('svg');
      expect(link.firstElementChild).toHaveAttribute('aria-hidden', 'true');
    }
    expect(
      within(menu)
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')]),
    ).toEqual([
      ['Dashboard', '/dashboard-overview'],
      ['Add Admin', '/add-admin'],
      ['Registered Users', '/users'],
      ['Confirm Receipts', '/receipts'],
      ['Identity checks', '/admin/identity-checks'],
      ['Limits per level', '/admin/kyc-limits'],
      ['Reset Password', '/reset-password1'],
      ['Withdrawals', '/admin/withdrawals'],
      ['Payouts', '/admin/payouts'],
      ['Messages', '/admin/messages'],
      ['Audit Log', '/admin/audit-log'],
      ['Chains', '/admin/chains'],
      ['Sanctions screening', '/admin/sanctions'],
      ['Plans', '/admin/plans'],
      ['Security', '/admin/security'],
    ]);
  });

  it('badges the menu with the pending receipts and withdrawals', async () => {
    localStorage.setItem('adminId', adminId);
    fakeApi({
      [`GET /api/admin/me/${adminId}`]: me,
      'GET /api/admin/stats': {
        status: 200,
        body: {
          users: 3,
          deposits: { pending: { count: 4, amount: 400 }, confirmed: { count: 0, amount: 0 } },
          withdrawals: { pending: { count: 0, amount: 0 }, paid: { count: 0, amount: 0 } },
          fundsHeld: 0,
          returnsDueIn24h: { count: 0, amount: 0 },
        },
      },
    });
    renderShellAt('/dashboard-overview');
    const menu = await screen.findByRole('navigation', { name: 'Admin menu' });
    const receipts = await within(menu).findByRole('link', { name: /Confirm Receipts/ });
    await within(receipts).findByText('4 waiting');
    expect(within(menu).getByRole('link', { name: /Withdrawals/ })).not.toHaveTextContent('waiting');
  });

  it('logs out: POST /api/signout, the adminId and the cached answers are gone, then /login', async () => {
    localStorage.setItem('adminId', adminId);
    const api = fakeApi({
      [`GET /api/admin/me/${adminId}`]: me,
      'POST /api/signout': { status: 200, body: { message: 'Signed out' } },
    });
    const { router, client } = renderShellAt('/dashboard-overview');
    await screen.findByRole('heading', { name: 'Overview page' });
    await userEvent.click(screen.getByRole('button', { name: 'Log out' }));
    expect(await screen.findByRole('heading', { name: 'Login page' })).toBeInTheDocument();
    expect(api.requestsTo('POST /api/signout')).toHaveLength(1);
    expect(router.state.location.pathname).toBe('/login');
    expect(localStorage.getItem('adminId')).toBeNull();
    expect(client.getQueryCache().getAll()).toEqual([]);
  });
});

describe('admin shell connection status', () => {
  afterEach(() => onlineManager.setOnline(true));

  it('says Online, and once the connection drops, that actions here need one', async () => {
    localStorage.setItem('adminId', adminId);
    fakeApi({ [`GET /api/admin/me/${adminId}`]: me });
    renderShellAt('/dashboard-overview');
    expect(await screen.findByRole('heading', { name: 'Overview page' })).toBeInTheDocument();
    expect(screen.getByText('Online')).toBeInTheDocument();
    act(() => onlineManager.setOnline(false));
    expect(screen.getByText('Offline: actions here need a connection')).toHaveAttribute('data-state', 'offline');
  });
});
