import { onlineManager } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useDashboard } from '../../lib/queries/investor';
import { saveSession } from '../../lib/session-store';
import { fakeApi } from '../../test/fake-api';
import { renderRoutesWithQuery } from '../../test/render-page';
import { InvestorLayout } from './investor-layout';

const userData = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.com',
  referralCode: 'ADA123',
  referralsCount: 0,
  emailVerified: true,
};
const config = { status: 200, body: { siteName: 'Placeholder Mining' } };

function ChildUsingDashboard() {
  const dashboard = useDashboard();
  return <p>{dashboard.isSuccess ? 'Dashboard loaded' : 'Dashboard pending'}</p>;
}

function renderLayoutAt(path: string) {
  const { router } = renderRoutesWithQuery(
    [
      {
        element: <InvestorLayout />,
        children: [
          { path: '/dashboard', element: <p>Dashboard page</p> },
          { path: '/transaction', element: <ChildUsingDashboard /> },
        ],
      },
      { path: '/sign-in', element: <h1>Sign in page</h1> },
    ],
    { route: path },
  );
  return router;
}

describe('investor layout', () => {
  beforeEach(() => {
    localStorage.clear();
    saveSession({
      user: { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com' },
      referralLink: 'http://x/referral/ADA123',
    });
  });

  it("shows 'Loading...' for the name until GET /api/session answers, then the name and the page", async () => {
    let answer!: () => void;
    fakeApi({
      'GET /api/config': config,
      'GET /api/session': {
        status: 200,
        body: { signedIn: true, role: 'investor', userData },
        until: new Promise<void>((resolve) => {
          answer = resolve;
        }),
      },
    });
    renderLayoutAt('/dashboard');
    expect(await screen.findByRole('link', { name: 'Your profile' })).toHaveTextContent('Loading...');
    expect(screen.queryByText('Dashboard page')).not.toBeInTheDocument();
    answer();
    expect(await screen.findByRole('link', { name: 'Profile of Ada Lovelace' })).toHaveAttribute(
      'href',
      '/user-profile',
    );
    expect(screen.getByText('Dashboard page')).toBeInTheDocument();
  });

  it('sends an anonymous visitor to /sign-in and forgets the stored user', async () => {
    fakeApi({ 'GET /api/config': config, 'GET /api/session': { status: 200, body: { signedIn: false } } });
    const router = renderLayoutAt('/dashboard');
    expect(await screen.findByRole('heading', { name: 'Sign in page' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/sign-in');
    expect(localStorage.getItem('user')).toBeNull();
    expect(localStorage.getItem('referralLink')).toBeNull();
  });

  it("also leaves for /sign-in when a page's own request gets 401 (session ended elsewhere)", async () => {
    fakeApi({
      'GET /api/config': config,
      'GET /api/session': { status: 200, body: { signedIn: true, role: 'investor', userData } },
      'GET /api/dashboard': { status: 401, body: { message: 'Session expired or invalid' } },
    });
    renderLayoutAt('/transaction');
    expect(await screen.findByRole('heading', { name: 'Sign in page' })).toBeInTheDocument();
    expect(localStorage.getItem('user')).toBeNull();
  });

  it('starts with the sidebar closed; the toggle opens it with every investor link', async () => {
    fakeApi({
      'GET /api/config': config,
      'GET /api/session': { status: 200, body: { signedIn: true, role: 'investor', userData } },
    });
    renderLayoutAt('/dashboard');
    await screen.findByText('Dashboard page');
    expect(screen.queryByRole('navigation', { name: 'Investor menu' })).not.toBeInTheDocument();
    const toggle = screen.getByRole('button', { name: 'Open menu' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');

    await userEvent.click(toggle);
    const menu = screen.getByRole('navigation', { name: 'Investor menu' });
    const hrefs = within(menu)
      .getAllByRole('link')
      .map((link) => [link.textContent, link.getAttribute('href')]);
    expect(hrefs).toEqual([
      ['Home', '/dashboard'],
      ['My Assets', '/asset'],
      ['Deposit', '/deposit-page'],
      ['Withdraw', '/withdraw-page'],
      ['Transactions', '/transaction'],
      ['Profile', '/user-profile'],
      ['Identity check', '/kyc'],
      ['Trading Plans', '/trading-plans'],
      ['Referrals', '/referral-page'],
    ]);
    expect(screen.getByRole('button', { name: 'Close menu' })).toHaveAttribute('aria-expanded', 'true');

    await userEvent.click(within(menu).getByRole('link', { name: /Transactions/ }));
    expect(screen.queryByRole('navigation', { name: 'Investor menu' })).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Open menu' }));
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('navigation', { name: 'Investor menu' })).not.toBeInTheDocument();
  });

  it('signs out: POST /api/signout, the stored user and referral link are cleared, then /sign-in', async () => {
    const api = fakeApi({
      'GET /api/config': config,
      'GET /api/session': { status: 200, body: { signedIn: true, role: 'investor', userData } },
      'POST /api/signout': { status: 200, body: { message: 'Signed out' } },
    });
    const router = renderLayoutAt('/dashboard');
    await screen.findByText('Dashboard page');
    await userEvent.click(screen.getByRole('button', { name: 'Sign out' }));
    expect(await screen.findByRole('heading', { name: 'Sign in page' })).toBeInTheDocument();
    expect(api.requestsTo('POST /api/signout')).toHaveLength(1);
    expect(router.state.location.pathname).toBe('/sign-in');
    expect(localStorage.getItem('user')).toBeNull();
    expect(localStorage.getItem('referralLink')).toBeNull();
  });

  it('still signs out on this device when the network is down', async () => {
    fakeApi({
      'GET /api/config': config,
      'GET /api/session': { status: 200, body: { signedIn: true, role: 'investor', userData } },
      'POST /api/signout': 'network-down',
    });
    renderLayoutAt('/dashboard');
    await screen.findByText('Dashboard page');
    await userEvent.click(screen.getByRole('button', { name: 'Sign out' }));
    expect(await screen.findByRole('heading', { name: 'Sign in page' })).toBeInTheDocument();
    await waitFor(() => expect(localStorage.getItem('user')).toBeNull());
  });
});

describe('investor layout when the session check fails', () => {
  it('stops saying Loading... on a server error and shows the page', async () => {
    localStorage.clear();
    const failure = { status: 500, body: { message: 'Internal error' } };
    fakeApi({ 'GET /api/config': config, 'GET /api/session': failure });
    renderLayoutAt('/dashboard');
    expect(await screen.findByText('Dashboard page')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Your profile' })).toHaveTextContent('Profile');
    expect(screen.queryByText('Loading...')).not.toBeInTheDocument();
  });
});

describe('investor layout offline', () => {
  afterEach(() => onlineManager.setOnline(true));

  it('shows the page and the name saved at sign-in instead of waiting for the session check', async () => {
    localStorage.clear();
    saveSession({
      user: { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com' },
      referralLink: 'http://x/referral/ADA123',
    });
    onlineManager.setOnline(false);
    fakeApi({ 'GET /api/session': 'network-down' });
    renderLayoutAt('/dashboard');
    expect(await screen.findByText('Dashboard page')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Profile of Ada Lovelace' })).toBeInTheDocument();
    expect(screen.getByText('Offline: showing what this device saved')).toBeInTheDocument();
  });
});
