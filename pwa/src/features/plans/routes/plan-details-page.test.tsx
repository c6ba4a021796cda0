import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { db } from '../../../lib/offline/db';
import { servedPlans } from '../../../test/plans';
import { fakeApi } from '../../../test/fake-api';
import { renderPageWithQuery } from '../../../test/render-page';
import { i18n } from '../../../lib/i18n/i18n';
import { PlanDetailsPage } from './plan-details-page';

const [sonic, ultra, , supreme] = servedPlans;

function CurrentUrl() {
  const location = useLocation();
  return (
    <>
      <p data-testid="current-url">{location.pathname + location.search}</p>
      <p data-testid="current-state">{JSON.stringify(location.state)}</p>
    </>
  );
}

const dashboardWith = (accountBalance: number) => ({
  status: 200,
  body: {
    balances: { accountBalance, totalProfit: 0, bonus: 0, referralBonus: 0, totalDeposit: 0, totalWithdrawal: 0 },
    activePlans: [],
    referralLink: 'https://example.test/referral/ABC',
  },
});

const bought = (amount: number, expectedReturn: number) => ({
  status: 201,
  body: {
    investment: {
      id: 'i1',
      planName: 'Sonic',
      amount,
      expectedReturn,
      status: 'active',
      startsAt: '2026-12-01T10:00:00.000Z',
      maturesAt: '2026-12-02T01:00:00.000Z',
    },
  },
});

function renderDetails(planId: number) {
  renderPageWithQuery(
    <Routes>
      <Route path="/tradingplan-details/:id" element={<PlanDetailsPage />} />
      <Route path="*" element={<CurrentUrl />} />
    </Routes>,
    { route: `/tradingplan-details/${planId}` },
  );
  return userEvent.setup();
}

const expectedReturn = () => screen.getByTestId('expected-return');
const review = () => screen.getByRole('region', { name: 'Review your purchase' });
/** The value beside a label in the review's list. */
const reviewed = (label: string) =>
  within(review()).getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;

afterEach(() => vi.useRealTimers());
// Each test starts without the dashboard copy an earlier one left on the (fake) device.
beforeEach(() => db.personal.clear());

describe('PlanDetailsPage', () => {
  it('computes amount + amount × ROI for a preset, empty until an amount is chosen', async () => {
    const api = fakeApi({ 'GET /api/plans/1': { status: 200, body: sonic } });
    const user = renderDetails(1);
    await screen.findByRole('heading', { name: 'Sonic plan' });
    expect(api.received[0]!.url).toBe('/api/plans/1');
    expect(expectedReturn()).toHaveTextContent(/^$/);
    await user.click(screen.getByRole('button', { name: '$100' }));
    expect(screen.getByRole('button', { name: '$100' })).toHaveAttribute('aria-pressed', 'true');
    expect(expectedReturn()).toHaveTextContent('$105.00');
  });

  it('computes a custom amount in cents, rounding half-up to two decimals', async () => {
    fakeApi({ 'GET /api/plans/2': { status: 200, body: ultra } });
    const user = renderDetails(2);
    await user.type(await screen.findByLabelText('Or enter your own amount (USD)'), '1234.56');
    // 1234.56 × 1.10 = 1358.016
    expect(expectedReturn()).toHaveTextContent('$1,358.02');
  });

  it('refuses a custom amount outside the range with the spec message and clears amount and ROI', async () => {
    fakeApi({ 'GET /api/plans/1': { status: 200, body: sonic } });
    const user = renderDetails(1);
    const input = await screen.findByLabelText('Or enter your own amount (USD)');
    await user.type(input, '1000');
    await user.tab();
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter a valid amount between $50 and $999');
    expect(input).toHaveValue('');
    expect(expectedReturn()).toHaveTextContent(/^$/);
  });

  it('names only the minimum for a plan without a maximum', async () => {
    fakeApi({ 'GET /api/plans/4': { status: 200, body: supreme } });
    const user = renderDetails(4);
    await user.type(await screen.findByLabelText('Or enter your own amount (USD)'), '100');
    await user.tab();
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter a valid amount of at least $15000');
    expect(screen.getByText('No maximum')).toBeInTheDocument();
  });

  it('says which rule a custom amount breaks: a plain number, two decimals, the range stated under the field', async () => {
    fakeApi({ 'GET /api/plans/1': { status: 200, body: sonic } });
    const user = renderDetails(1);
    const input = await screen.findByLabelText('Or enter your own amount (USD)');
    expect(screen.getByText('From $50 to $999')).toBeInTheDocument();
    await user.type(input, '12.345');
    await user.tab();
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Enter the amount with at most two decimals (cents), e.g. 150.25.',
    );
    await user.type(input, '1e3');
    await user.tab();
    expect(screen.getByRole('alert')).toHaveTextContent('Enter the amount in dollars, e.g. 150 or 150.25.');
    await user.type(input, '99999999999999');
    await user.tab();
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter a valid amount between $50 and $999');
    expect(expectedReturn()).toHaveTextContent(/^$/);
  });

  it('caps Buy Now at one deposit ($1,000,000) for a plan without a maximum; the balance still pays more', async () => {
    fakeApi({
      'GET /api/plans/4': { status: 200, body: supreme },
      'GET /api/dashboard': dashboardWith(3_000_000),
    });
    const user = renderDetails(4);
    const input = await screen.findByLabelText('Or enter your own amount (USD)');
    expect(screen.getByText('From $15,000. Buy Now pays by one deposit, at most $1,000,000.')).toBeInTheDocument();

    await user.type(input, '1000000.01');
    await user.tab();
    // A valid amount for the plan: no message until Buy Now is asked for it.
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(expectedReturn()).toHaveTextContent('$1,250,000.01');
    await user.click(screen.getByRole('button', { name: 'Buy Now' }));
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Buy Now pays by one deposit, at most $1,000,000. Choose a smaller amount, or pay from your balance.',
    );
    expect(input).toHaveFocus();
    expect(input).toHaveAccessibleDescription(/at most \$1,000,000\. Choose a smaller amount/);
    expect(screen.queryByTestId('current-url')).not.toBeInTheDocument();

    // From the balance the same amount goes to its review.
    await user.click(screen.getByRole('button', { name: 'Pay from my balance' }));
    expect(reviewed('Amount')).toBe('$1,000,000.01');
    await user.click(screen.getByRole('button', { name: 'Back' }));

    // One deposit's maximum itself goes to the deposit; the message is gone as the amount changes.
    await user.clear(input);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await user.type(input, '1000000');
    await user.click(screen.getByRole('button', { name: 'Buy Now' }));
    expect(screen.getByTestId('current-url')).toHaveTextContent(
      '/crytodeposit?price=1000000&planName=Supreme&planVersion=1',
    );
  });

  it('Buy Now needs an amount, then opens the crypto deposit with price and plan name', async () => {
    fakeApi({ 'GET /api/plans/3': { status: 200, body: servedPlans[2] } });
    const user = renderDetails(3);
    await user.click(await screen.findByRole('button', { name: 'Buy Now' }));
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Please select or enter a valid amount before proceeding to buy.',
    );
    await user.click(screen.getByRole('button', { name: '$6,000' }));
    await user.click(screen.getByRole('button', { name: 'Buy Now' }));
    expect(screen.getByTestId('current-url')).toHaveTextContent(
      '/crytodeposit?price=6000&planName=Promo+Plan&planVersion=1',
    );
  });

  it('Pay from my balance shows 409 as "Insufficient balance" and sends {planId, amount}', async () => {
    const api = fakeApi({
      'GET /api/plans/1': { status: 200, body: sonic },
      'POST /api/investments': { status: 409, body: { message: 'Insufficient balance' } },
    });
    const user = renderDetails(1);
    await user.click(await screen.findByRole('button', { name: 'Pay from my balance' }));
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Please select or enter a valid amount before proceeding to buy.',
    );
    expect(api.writes()).toEqual([]);

    await user.click(screen.getByRole('button', { name: '$200' }));
    await user.click(screen.getByRole('button', { name: 'Pay from my balance' }));
    expect(api.writes()).toEqual([]);
    await user.click(within(review()).getByRole('button', { name: 'Confirm purchase' }));
    expect(await screen.findByText('Insufficient balance')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Make a deposit first');
    expect(api.writes()).toMatchObject([
      { method: 'POST', url: '/api/investments', body: { planId: 1, planVersion: 1, amount: '200' } },
    ]);
  });

  it('reviews a purchase from the balance before anything is sent: plan, amount, return, maturity, balance after', async () => {
    // 10:00 UTC; the investor's zone here is the test machine's, which the page names.
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-12-01T10:00:00Z') });
    const api = fakeApi({ 'GET /api/plans/1': { status: 200, body: sonic }, 'GET /api/dashboard': dashboardWith(750) });
    const user = renderDetails(1);
    await user.click(await screen.findByRole('button', { name: '$500' }));
    await user.click(screen.getByRole('button', { name: 'Pay from my balance' }));

    expect(review()).toHaveTextContent('Nothing is paid yet. When you confirm, $500.00 leaves your account balance');
    expect(screen.getByRole('heading', { name: 'Review your purchase' })).toHaveFocus();
    expect(reviewed('Plan')).toBe('Sonic');
    expect(reviewed('Amount')).toBe('$500.00');
    expect(reviewed('Expected return')).toBe('$525.00');
    // Sonic runs 15 hours: 01:00 UTC the next day, written with the zone's name.
    const maturity = new Intl.DateTimeFormat('en', {
      year: 'numeric',
      month: 'short',
      day: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
      timeZoneName: 'short',
    }).format(new Date('2026-12-02T01:00:00Z'));
    expect(reviewed('Matures (if you confirm now)')).toBe(maturity);
    expect(maturity).toMatch(/Dec \d, 2026, .*(UTC|GMT)/);
    expect(await within(review()).findByText('$250.00')).toBeInTheDocument();
    expect(reviewed('Account balance after')).toBe('$250.00');
    expect(within(review()).getByRole('note')).toHaveTextContent('Returns are expected, not guaranteed');
    // The amount picker is set aside, not gone.
    expect(screen.queryByRole('button', { name: 'Pay from my balance' })).not.toBeInTheDocument();
    expect(api.writes()).toEqual([]);
  });

  it('Back returns to the plan with the typed amount kept, and sends nothing', async () => {
    const api = fakeApi({
      'GET /api/plans/2': { status: 200, body: ultra },
      'GET /api/dashboard': dashboardWith(5000),
    });
    const user = renderDetails(2);
    await user.type(await screen.findByLabelText('Or enter your own amount (USD)'), '1234.56');
    await user.click(screen.getByRole('button', { name: 'Pay from my balance' }));
    expect(reviewed('Amount')).toBe('$1,234.56');
    await user.click(within(review()).getByRole('button', { name: 'Back' }));

    expect(screen.queryByRole('region', { name: 'Review your purchase' })).not.toBeInTheDocument();
    expect(screen.getByLabelText('Or enter your own amount (USD)')).toHaveValue('1234.56');
    expect(expectedReturn()).toHaveTextContent('$1,358.02');
    expect(api.writes()).toEqual([]);
    // And the review opens again on the same amount.
    await user.click(screen.getByRole('button', { name: 'Pay from my balance' }));
    expect(reviewed('Amount')).toBe('$1,234.56');
  });

  it('Confirm buys once, then opens the dashboard with the new plan handed over', async () => {
    let release = () => {};
    const api = fakeApi({
      'GET /api/plans/1': { status: 200, body: sonic },
      'GET /api/dashboard': dashboardWith(750),
      'POST /api/investments': {
        ...bought(500, 525),
        until: new Promise<void>((resolve) => {
          release = resolve;
        }),
      },
    });
    const user = renderDetails(1);
    await user.click(await screen.findByRole('button', { name: '$500' }));
    await user.click(screen.getByRole('button', { name: 'Pay from my balance' }));
    const confirm = within(review()).getByRole('button', { name: 'Confirm purchase' });
    await user.dblClick(confirm);
    expect(await within(review()).findByRole('button', { name: 'Paying…' })).toBeDisabled();
    expect(within(review()).getByRole('button', { name: 'Back' })).toBeDisabled();
    release();

    expect(await screen.findByTestId('current-url')).toHaveTextContent('/dashboard');
    expect(JSON.parse(screen.getByTestId('current-state').textContent!)).toMatchObject({
      boughtInvestment: { id: 'i1', planName: 'Sonic', amount: 500 },
    });
    expect(api.writes()).toEqual([
      { method: 'POST', url: '/api/investments', body: { planId: 1, planVersion: 1, amount: '500' } },
    ]);
  });

  it('says before Confirm when the balance is known to be too low, and offers no Confirm', async () => {
    const api = fakeApi({ 'GET /api/plans/1': { status: 200, body: sonic }, 'GET /api/dashboard': dashboardWith(80) });
    const user = renderDetails(1);
    await user.click(await screen.findByRole('button', { name: '$100' }));
    await user.click(screen.getByRole('button', { name: 'Pay from my balance' }));
    expect(await within(review()).findByRole('alert')).toHaveTextContent('Insufficient balance');
    expect(reviewed('Account balance after')).toBe('Insufficient balance');
    expect(within(review()).getByRole('button', { name: 'Confirm purchase' })).toBeDisabled();
    expect(api.writes()).toEqual([]);
  });

  it('says clearly when the plan does not exist', async () => {
    fakeApi({ 'GET /api/plans/99': { status: 404, body: { message: 'Plan not found' } } });
    renderDetails(99);
    expect(await screen.findByRole('alert')).toHaveTextContent('This plan does not exist.');
    expect(screen.getByRole('link', { name: 'See all plans' })).toHaveAttribute('href', '/trading-plans');
  });

  it('says a retired plan is no longer offered', async () => {
    fakeApi({ 'GET /api/plans/4': { status: 410, body: { message: 'This plan is no longer offered' } } });
    renderDetails(4);
    expect(await screen.findByRole('alert')).toHaveTextContent('This plan is no longer offered.');
  });

  it('shows the new terms when they changed since the page loaded, and buys on them once confirmed again', async () => {
    const raised = { ...sonic!, roiPercentage: 8, version: 2 };
    const api = fakeApi({
      'GET /api/plans/1': [
        { status: 200, body: sonic },
        { status: 200, body: raised },
      ],
      'GET /api/plans': { status: 200, body: { plans: [raised] } },
      'POST /api/investments': [
        { status: 409, body: { message: 'The terms of this plan have changed.', plan: raised } },
        bought(100, 108),
      ],
    });
    const user = renderDetails(1);
    await user.click(await screen.findByRole('button', { name: '$100' }));
    expect(expectedReturn()).toHaveTextContent('$105.00');
    await user.click(screen.getByRole('button', { name: 'Pay from my balance' }));
    await user.click(within(review()).getByRole('button', { name: 'Confirm purchase' }));
    // Back on the plan with its new terms: the review showed the old ones.
    expect(await screen.findByRole('alert')).toHaveTextContent('The terms of this plan changed since you opened it.');
    expect(expectedReturn()).toHaveTextContent('$108.00');
    await user.click(screen.getByRole('button', { name: 'Pay from my balance' }));
    expect(reviewed('Expected return')).toBe('$108.00');
    await user.click(within(review()).getByRole('button', { name: 'Confirm purchase' }));
    expect(await screen.findByTestId('current-url')).toHaveTextContent('/dashboard');
    expect(api.writes().map((write) => (write.body as { planVersion: number }).planVersion)).toEqual([1, 2]);
  });

  it('shows the plan’s name and description in the page’s language, English when none is given', async () => {
    fakeApi({
      'GET /api/plans/1': {
        status: 200,
        body: { ...sonic!, description: 'Short and quick.', names: { fr: 'Sonique' }, descriptions: {} },
      },
    });
    // The test texts are English only, so the page's sentences fall back to English around the French name.
    await i18n.changeLanguage('fr');
    try {
      renderDetails(1);
      expect(await screen.findByRole('heading', { name: 'Sonique plan' })).toBeInTheDocument();
      expect(screen.getByText('Short and quick.')).toBeInTheDocument();
    } finally {
      await i18n.changeLanguage('en');
    }
  });
});
