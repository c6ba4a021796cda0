import { onlineManager } from '@tanstack/react-query';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { db } from '../../../lib/offline/db';
import { fakeApi } from '../../../test/fake-api';
import { MemoryRouter } from 'react-router-dom';
import { renderPageWithQuery, renderWithQuery } from '../../../test/render-page';
import { DashboardPage } from './dashboard-page';

const emptyDashboard = {
  balances: { accountBalance: 0, totalProfit: 0, bonus: 0, referralBonus: 0, totalDeposit: 0, totalWithdrawal: 0 },
  activePlans: [],
  referralLink: 'http://localhost:5173/referral/ADA123',
};

const figure = (label: string) => screen.getByText(label).closest('div')!.querySelector('dd')!.textContent;

describe('dashboard home', () => {
  afterEach(() => onlineManager.setOnline(true));
  // Each test starts without the copy an earlier one left on the (fake) device.
  beforeEach(() => db.personal.clear());

  it('shows the six Account Summary figures from GET /api/dashboard', async () => {
    fakeApi({
      'GET /api/dashboard': {
        status: 200,
        body: {
          ...emptyDashboard,
          balances: {
            accountBalance: 1250.5,
            totalProfit: 87.25,
            bonus: 0,
            referralBonus: 12,
            totalDeposit: 2000,
            totalWithdrawal: 749.75,
          },
        },
      },
    });
    renderPageWithQuery(<DashboardPage />);
    expect(await screen.findByText('$1,250.50')).toBeInTheDocument();
    expect(figure('Account Balance')).toBe('$1,250.50');
    expect(figure('Total Profit')).toBe('$87.25');
    expect(figure('Bonus')).toBe('$0.00');
    expect(figure('Referral Bonus')).toBe('$12.00');
    expect(figure('Total Deposit')).toBe('$2,000.00');
    expect(figure('Total Withdrawal')).toBe('$749.75');
  });

  it('without active plans: the empty state with a Buy a plan link, and the referral link with Copy', async () => {
    const writeText = vi.fn(async () => undefined);
    vi.stubGlobal('navigator', Object.assign(Object.create(navigator), { clipboard: { writeText } }));
    fakeApi({ 'GET /api/dashboard': { status: 200, body: emptyDashboard } });
    renderPageWithQuery(<DashboardPage />);
    expect(await screen.findByRole('heading', { name: 'Active plan(s) (0)' })).toBeInTheDocument();
    expect(screen.getByText('You do not have an active investment plan at the moment.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Buy a plan' })).toHaveAttribute('href', '/trading-plans');

    const refer = screen.getByRole('region', { name: 'Refer Us & Earn' });
    expect(within(refer).getByLabelText('Your referral link')).toHaveValue('http://localhost:5173/referral/ADA123');
    await userEvent.click(within(refer).getByRole('button', { name: 'Copy' }));
    expect(writeText).toHaveBeenCalledWith('http://localhost:5173/referral/ADA123');
    expect(within(refer).getByRole('status')).toHaveTextContent('Copied to clipboard');
  });

  it('lists each active plan with amount, expected return and when it matures', async () => {
    const inThreeDays = new Date(Date.now() + 3 * 86_400_000 + 60_000).toISOString();
    fakeApi({
      'GET /api/dashboard': {
        status: 200,
        body: {
          ...emptyDashboard,
          activePlans: [
            {
              id: 7,
              planName: 'Gold',
              amount: 1000,
              expectedReturn: 1150.5,
              startsAt: new Date().toISOString(),
              maturesAt: inThreeDays,
            },
            {
              id: 8,
              planName: 'Silver',
              amount: 200,
              expectedReturn: 220,
              startsAt: new Date().toISOString(),
              maturesAt: inThreeDays,
            },
          ],
        },
      },
    });
    renderPageWithQuery(<DashboardPage />);
    expect(await screen.findByRole('heading', { name: 'Active plan(s) (2)' })).toBeInTheDocument();
    const gold = screen.getByRole('heading', { name: 'Gold' }).closest('li')!;
    expect(within(gold).getByText('$1,000.00')).toBeInTheDocument();
    expect(within(gold).getByText('$1,150.50')).toBeInTheDocument();
    expect(within(gold).getByText('(matures in 3 days)')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Silver' })).toBeInTheDocument();
    expect(screen.queryByText('You do not have an active investment plan at the moment.')).not.toBeInTheDocument();
    expect(screen.getByText('Expected returns are not guaranteed.')).toBeInTheDocument();
  });

  it('counts the active plans under the figures, with when the next matures, a link down to their list', async () => {
    const plan = (id: number, hours: number) => ({
      id,
      planName: `Plan ${id}`,
      amount: 100,
      expectedReturn: 105,
      startsAt: new Date().toISOString(),
      maturesAt: new Date(Date.now() + hours * 3_600_000 + 60_000).toISOString(),
    });
    fakeApi({
      'GET /api/dashboard': { status: 200, body: { ...emptyDashboard, activePlans: [plan(7, 30), plan(8, 5)] } },
    });
    renderPageWithQuery(<DashboardPage />);
    const tile = await screen.findByRole('link', { name: /^Active plans/ });
    expect(tile).toHaveTextContent('Active plans2next matures in 5 hours');
    expect(tile).toHaveAttribute('href', '/#active-plans');
    const section = screen.getByRole('region', { name: 'Active plan(s) (2)' });
    expect(section).toHaveAttribute('id', 'active-plans');
    // The tile comes after the figures and before money in progress.
    const figures = screen.getByText('Account Balance').closest('dl')!;
    expect(figures.compareDocumentPosition(tile) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(tile.compareDocumentPosition(section) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('right after a purchase: says what was bought and shows the new plan first, above the figures', async () => {
    const maturesAt = '2026-12-02T01:00:00.000Z';
    const older = { id: 7, planName: 'Gold', amount: 1000, expectedReturn: 1150.5, startsAt: maturesAt, maturesAt };
    const investment = {
      id: 'i9',
      planName: 'Sonic',
      amount: 500,
      expectedReturn: 525,
      status: 'active',
      startsAt: '2026-12-01T10:00:00.000Z',
      maturesAt,
    };
    fakeApi({
      'GET /api/dashboard': {
        status: 200,
        body: { ...emptyDashboard, activePlans: [older, { ...investment, status: undefined }] },
      },
    });
    renderWithQuery(
      <MemoryRouter initialEntries={[{ pathname: '/dashboard', state: { boughtInvestment: investment } }]}>
        <DashboardPage />
      </MemoryRouter>,
    );
    const when = new Intl.DateTimeFormat('en', {
      year: 'numeric',
      month: 'short',
      day: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
      timeZoneName: 'short',
    }).format(new Date(maturesAt));
    expect(await screen.findByText(/You bought the Sonic plan/)).toHaveTextContent(
      `You bought the Sonic plan for $500.00. It matures on ${when}, with an expected return of $525.00.`,
    );
    const plans = screen.getAllByRole('heading', { level: 3 });
    expect(plans.map((heading) => heading.textContent)).toEqual(['SonicJust bought', 'Gold']);
    // The plans come before the six figures on this visit.
    const balance = screen.getByText('Account Balance');
    expect(plans[0]!.compareDocumentPosition(balance) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(screen.getAllByRole('heading', { name: 'Active plan(s) (2)' })).toHaveLength(1);
  });

  it('shows loading, then an error with a retry that loads the figures', async () => {
    const failure = { status: 500, body: { message: 'Internal error' } };
    // The API client tries a failed GET twice before giving up.
    fakeApi({ 'GET /api/dashboard': [failure, failure, { status: 200, body: emptyDashboard }] });
    renderPageWithQuery(<DashboardPage />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
    expect(await screen.findByRole('alert')).toHaveTextContent('We could not load this page. Please try again.');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Active plan(s) (0)' })).toBeInTheDocument();
    expect(figure('Account Balance')).toBe('$0.00');
  });

  it('offline without a saved copy: says the figures need a connection instead of showing any amount', async () => {
    onlineManager.setOnline(false);
    fakeApi({ 'GET /api/dashboard': 'network-down' });
    renderPageWithQuery(<DashboardPage />);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'You are offline. Your account figures need a connection.',
    );
    expect(screen.queryByText('$0.00')).not.toBeInTheDocument();
  });

  it('offline with the copy of an earlier visit: shows those figures, labelled with when they were loaded', async () => {
    const savedAt = new Date('2026-11-20T09:30:00Z').getTime();
    await db.personal.put({
      key: 'dashboard',
      data: { ...emptyDashboard, balances: { ...emptyDashboard.balances, accountBalance: 321 } },
      savedAt,
    });
    onlineManager.setOnline(false);
    fakeApi({ 'GET /api/dashboard': 'network-down' });
    renderPageWithQuery(<DashboardPage />);
    expect(await screen.findByText('$321.00')).toBeInTheDocument();
    expect(screen.getByText(/You are offline. These figures were loaded at/)).toHaveTextContent(
      new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' }).format(savedAt),
    );
  });
});
