import { screen, within } from '@testing-library/react';
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
});
