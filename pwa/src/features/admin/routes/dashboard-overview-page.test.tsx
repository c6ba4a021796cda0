import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeApi, searchOf } from '../../../test/fake-api';
import { renderPageWithQuery } from '../../../test/render-page';
import { DashboardOverviewPage } from './dashboard-overview-page';

const adminId = 'a1b2c3d4-0000-4000-8000-000000000001';
const stats = {
  users: 1204,
  deposits: { pending: { count: 3, amount: 450 }, confirmed: { count: 10, amount: 12500.5 } },
  withdrawals: { pending: { count: 2, amount: 300 }, paid: { count: 4, amount: 800 } },
  fundsHeld: 11200.5,
  returnsDueIn24h: { count: 1, amount: 25 },
};

const daily = Array.from({ length: 30 }, (_, index) => {
  const date = new Date(Date.UTC(2026, 2, 1 + index)).toISOString().slice(0, 10);
  return {
    date,
    deposits: { count: index === 29 ? 2 : 0, amount: index === 29 ? 1250 : 0 },
    withdrawals: { count: index === 29 ? 1 : 0, amount: index === 29 ? 300 : 0 },
  };
});

const figure = (label: string) => screen.getByText(label).closest('.admin-stat')!;

describe('admin dashboard', () => {
  beforeEach(() => localStorage.setItem('adminId', adminId));

  it("shows the admin's e-mail and name and every figure of GET /api/admin/stats, with links to the pending lists", async () => {
    fakeApi({
      [`GET /api/admin/me/${adminId}`]: {
        status: 200,
        body: { admin: { email: 'boss@example.com', name: 'Bea Boss' } },
      },
      'GET /api/admin/stats': { status: 200, body: stats },
      'GET /api/admin/stats/daily': { status: 200, body: { days: daily } },
    });
    renderPageWithQuery(<DashboardOverviewPage />, { route: '/dashboard-overview' });
    expect(await screen.findByText('boss@example.com')).toBeInTheDocument();
    expect(screen.getByText('Bea Boss')).toBeInTheDocument();
    expect(await screen.findByText('1,204')).toBeInTheDocument();
    expect(figure('Deposits waiting for confirmation')).toHaveTextContent('3 ($450.00)');
    expect(figure('Deposits confirmed')).toHaveTextContent('10 ($12,500.50)');
    expect(figure('Withdrawals waiting for payment')).toHaveTextContent('2 ($300.00)');
    expect(figure('Withdrawals paid')).toHaveTextContent('4 ($800.00)');
    expect(figure('Funds held for investors')).toHaveTextContent('$11,200.50');
    expect(figure('Plan returns due in the next 24 hours')).toHaveTextContent('1 ($25.00)');
    expect(screen.getByRole('link', { name: 'Review pending receipts' })).toHaveAttribute(
      'href',
      '/receipts?status=pending',
    );
    expect(screen.getByRole('link', { name: 'Review pending withdrawals' })).toHaveAttribute(
      'href',
      '/admin/withdrawals?status=pending',
    );
  });

  it('draws the last 30 days as an SVG chart, every figure also in a table', async () => {
    const api = fakeApi({
      [`GET /api/admin/me/${adminId}`]: { status: 200, body: { admin: { email: 'boss@example.com', name: null } } },
      'GET /api/admin/stats': { status: 200, body: stats },
      'GET /api/admin/stats/daily': { status: 200, body: { days: daily } },
    });
    const { container } = renderPageWithQuery(<DashboardOverviewPage />, { route: '/dashboard-overview' });
    const chart = await screen.findByRole('img', {
      name: 'Confirmed deposits and paid withdrawals per day, last 30 days',
    });
    expect(searchOf(api.requestsTo('GET /api/admin/stats/daily')[0]!).get('days')).toBe('30');
    expect(chart.querySelectorAll('rect.admin-chart__deposits')).toHaveLength(30);
    expect(chart.querySelectorAll('rect.admin-chart__withdrawals')).toHaveLength(30);
    const tallest = [...chart.querySelectorAll('rect.admin-chart__deposits')].reduce((a, b) =>
      Number(a.getAttribute('height')) >= Number(b.getAttribute('height')) ? a : b,
    );
    expect(tallest.textContent).toBe('Mar 30: Confirmed deposits $1,250.00');
    expect(screen.getByRole('row', { name: 'Mar 30 $1,250.00 $300.00' })).toBeInTheDocument();
    expect(container.querySelector('canvas')).toBeNull();
  });

  it('offers a retry when the figures cannot be loaded', async () => {
    fakeApi({
      [`GET /api/admin/me/${adminId}`]: { status: 200, body: { admin: { email: 'boss@example.com', name: null } } },
      'GET /api/admin/stats': { status: 500, body: { message: 'Internal error' } },
      'GET /api/admin/stats/daily': { status: 200, body: { days: daily } },
    });
    renderPageWithQuery(<DashboardOverviewPage />, { route: '/dashboard-overview' });
    expect(await screen.findByRole('alert')).toHaveTextContent('We could not load this. Please try again.');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    expect(screen.getByText('Not set')).toBeInTheDocument();
  });
});
