import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Route, Routes } from 'react-router-dom';
import { fakeApi } from '../../../test/fake-api';
import { renderPageWithQuery } from '../../../test/render-page';
import { UserDetailPage } from './user-detail-page';

const id = '5a5a5a5a-0000-4000-8000-000000000001';
const detail = {
  user: {
    id,
    name: 'Dana Detail',
    email: 'dana@example.com',
    phoneNumber: '+33123456789',
    country: 'FR',
    address: null,
    emailVerified: true,
    createdAt: '2026-01-05T09:00:00.000Z',
    referralCode: 'DANA1234',
    referredBy: { id: 'r1', email: 'ref@example.com' },
    payoutAddresses: { bitcoin: 'bc1qexample', ethereum: null, usdt: null },
  },
  balances: {
    available: 125,
    invested: 100,
    pendingWithdrawal: 25,
    totalDeposit: 300,
    totalWithdrawal: 50,
    totalProfit: 5.5,
    referralBonus: 0,
  },
  deposits: [
    {
      id: 'd1',
      amount: 300,
      coin: 'bitcoin',
      planName: null,
      status: 'confirmed',
      rejectReason: null,
      createdAt: '2026-01-06T10:00:00.000Z',
    },
  ],
  investments: [
    {
      id: 'i1',
      planName: 'Sonic',
      amount: 100,
      expectedReturn: 105,
      status: 'active',
      startsAt: '2026-01-06T11:00:00.000Z',
      maturesAt: '2026-01-07T02:00:00.000Z',
    },
  ],
  withdrawals: [
    {
      id: 'w1',
      amount: 50,
      method: 'Bitcoin',
      address: 'bc1qexample',
      status: 'paid',
      txHash: '0xabc',
      rejectReason: null,
      createdAt: '2026-01-08T10:00:00.000Z',
    },
  ],
  referrals: [],
  sessions: [{ createdAt: '2026-01-09T10:00:00.000Z', expiresAt: '2026-01-10T10:00:00.000Z' }],
};

const renderAt = (routes: Parameters<typeof fakeApi>[0]) => {
  fakeApi(routes);
  renderPageWithQuery(
    <Routes>
      <Route path="/admin/users/:id" element={<UserDetailPage />} />
    </Routes>,
    { route: `/admin/users/${id}` },
  );
};

describe('user detail', () => {
  it('shows the profile, the ledger balances and every record of the investor', async () => {
    renderAt({ [`GET /api/admin/users/${id}`]: { status: 200, body: detail } });
    expect(await screen.findByRole('heading', { level: 1, name: 'Dana Detail' })).toBeInTheDocument();
    expect(screen.getByText('France')).toBeInTheDocument();
    expect(screen.getByText('ref@example.com')).toBeInTheDocument();
    const balance = (label: string) => screen.getByText(label).closest('.admin-stat');
    expect(balance('Available')).toHaveTextContent('$125.00');
    expect(balance('Held for withdrawals')).toHaveTextContent('$25.00');
    expect(balance('Total profit')).toHaveTextContent('$5.50');
    expect(
      within(screen.getByRole('table', { name: 'Deposits' })).getByRole('row', { name: /\$300\.00.*Confirmed/ }),
    ).toBeInTheDocument();
    expect(within(screen.getByRole('table', { name: 'Plans' })).getByText('Sonic')).toBeInTheDocument();
    expect(within(screen.getByRole('table', { name: 'Withdrawals' })).getByText('Paid')).toBeInTheDocument();
    expect(within(screen.getByRole('table', { name: 'Referrals' })).getByText('None')).toBeInTheDocument();
    expect(within(screen.getByRole('table', { name: 'Open sessions' })).getAllByRole('row')).toHaveLength(2);
    expect(screen.getByRole('link', { name: 'Back to Registered Users' })).toHaveAttribute('href', '/users');
  });

  it('says so when there is no such user', async () => {
    renderAt({ [`GET /api/admin/users/${id}`]: { status: 404, body: { message: 'User not found' } } });
    expect(await screen.findByRole('heading', { level: 1, name: 'User not found' })).toBeInTheDocument();
  });

  it('lists the on-chain deposits of the investor', async () => {
    const payment = {
      id: '9',
      chain: 'ethereum',
      coin: 'ethereum',
      txHash: '0xfeedbeef00000000000000000000000000000000000000000000000000000001',
      index: -1,
      user: { id, email: 'dana@example.com' },
      quoteId: null,
      coinAmount: '0.025',
      status: 'credited',
      confirmations: 12,
      required: 12,
      amount: 50,
      parts: [{ basis: 'quote', coinAmount: '0.025', rate: '2000', amount: 50 }],
      explorerUrl: null,
      firstSeenAt: '2026-11-20T10:00:00.000Z',
      creditedAt: '2026-11-20T10:05:00.000Z',
    };
    renderAt({ [`GET /api/admin/users/${id}`]: { status: 200, body: { ...detail, chainDeposits: [payment] } } });
    const section = (await screen.findByRole('heading', { name: 'On-chain deposits' })).closest('section')!;
    const row = within(section).getByText('0.025 Ethereum').closest('tr')!;
    expect(row).toHaveTextContent('$50.00');
    expect(row).toHaveTextContent('Credited');
    expect(within(row).getByRole('button', { name: `Copy ${payment.txHash}` })).toBeInTheDocument();
  });

  it('sets a new password (refusing a short one here) and ends the sessions after asking', async () => {
    const api = fakeApi({
      [`GET /api/admin/users/${id}`]: { status: 200, body: detail },
      [`POST /api/admin/users/${id}/reset-password`]: {
        status: 200,
        body: { message: 'Password reset successfully', sessionsEnded: true },
      },
      [`POST /api/admin/users/${id}/end-sessions`]: { status: 200, body: { message: 'Sessions ended', ended: 2 } },
    });
    renderPageWithQuery(
      <Routes>
        <Route path="/admin/users/:id" element={<UserDetailPage />} />
      </Routes>,
      { route: `/admin/users/${id}` },
    );
    const user = userEvent.setup();
    const actions = (await screen.findByRole('heading', { name: 'Account actions' })).closest('section')!;
    await user.type(within(actions).getByLabelText('New password'), 'short');
    await user.click(within(actions).getByRole('button', { name: 'Set new password' }));
    expect(within(actions).getByText('The password must be at least 8 characters.')).toBeInTheDocument();
    expect(api.writes()).toEqual([]);
    await user.type(within(actions).getByLabelText('New password'), ' but longer now');
    await user.click(within(actions).getByRole('button', { name: 'Set new password' }));
    expect(await within(actions).findByRole('status')).toHaveTextContent(
      'Password changed; every session of the investor was ended.',
    );
    expect(api.writes()).toMatchObject([
      { url: `/api/admin/users/${id}/reset-password`, body: { newPassword: 'short but longer now' } },
    ]);

    await user.click(within(actions).getByRole('button', { name: 'End all sessions' }));
    const dialog = screen.getByRole('dialog', { name: 'End every session of dana@example.com?' });
    expect(api.writes()).toHaveLength(1);
    await user.click(within(dialog).getByRole('button', { name: 'End all sessions' }));
    expect(await within(actions).findByText('Sessions ended: 2')).toBeInTheDocument();
    expect(api.writes()).toMatchObject([{}, { method: 'POST', url: `/api/admin/users/${id}/end-sessions` }]);
    // A verified address has nothing to send again.
    expect(within(actions).queryByRole('button', { name: 'Send verification e-mail again' })).not.toBeInTheDocument();
  });

  it('sends the verification e-mail again while the address is not verified, saying how long the code works', async () => {
    const unverified = { ...detail, user: { ...detail.user, emailVerified: false } };
    const api = fakeApi({
      [`GET /api/admin/users/${id}`]: { status: 200, body: unverified },
      [`POST /api/admin/users/${id}/resend-verification`]: [
        { status: 200, body: { message: 'Verification e-mail sent', expiresInMinutes: 15 } },
        { status: 409, body: { message: 'This e-mail is already verified' } },
      ],
    });
    renderPageWithQuery(
      <Routes>
        <Route path="/admin/users/:id" element={<UserDetailPage />} />
      </Routes>,
      { route: `/admin/users/${id}` },
    );
    const user = userEvent.setup();
    const actions = (await screen.findByRole('heading', { name: 'Account actions' })).closest('section')!;
    expect(actions).toHaveTextContent('Not verified yet. A new code works for 15 minutes.');
    const resend = within(actions).getByRole('button', { name: 'Send verification e-mail again' });
    await user.click(resend);
    expect(await within(actions).findByRole('status')).toHaveTextContent(
      'Verification e-mail sent to dana@example.com. The code works for 15 minutes.',
    );
    expect(api.requestsTo(`POST /api/admin/users/${id}/resend-verification`)).toHaveLength(1);
    // Verified meanwhile (in another tab, or by the investor): said as such, not as a failure.
    await user.click(resend);
    expect(await within(actions).findByRole('alert')).toHaveTextContent('This e-mail is already verified.');
  });
});
