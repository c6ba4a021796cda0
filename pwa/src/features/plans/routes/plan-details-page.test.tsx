import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useLocation } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { servedPlans } from '../../../test/plans';
import { fakeApi } from '../../../test/fake-api';
import { renderPageWithQuery } from '../../../test/render-page';
import { i18n } from '../../../lib/i18n/i18n';
import { PlanDetailsPage } from './plan-details-page';

const [sonic, ultra, , supreme] = servedPlans;

function CurrentUrl() {
  const location = useLocation();
  return <p data-testid="current-url">{location.pathname + location.search}</p>;
}

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
    expect(await screen.findByText('Insufficient balance')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Make a deposit first');
    expect(api.writes()).toMatchObject([
      { method: 'POST', url: '/api/investments', body: { planId: 1, planVersion: 1, amount: '200' } },
    ]);
  });

  it('goes to the dashboard after a purchase from the balance', async () => {
    fakeApi({
      'GET /api/plans/1': { status: 200, body: sonic },
      'POST /api/investments': {
        status: 201,
        body: {
          investment: {
            id: 'i1',
            planName: 'Sonic',
            amount: 500,
            expectedReturn: 525,
            status: 'active',
            startsAt: '',
            maturesAt: '',
          },
        },
      },
    });
    const user = renderDetails(1);
    await user.click(await screen.findByRole('button', { name: '$500' }));
    await user.click(screen.getByRole('button', { name: 'Pay from my balance' }));
    expect(await screen.findByTestId('current-url')).toHaveTextContent('/dashboard');
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
        {
          status: 201,
          body: {
            investment: {
              id: 'i1',
              planName: 'Sonic',
              amount: 100,
              expectedReturn: 108,
              status: 'active',
              startsAt: '',
              maturesAt: '',
            },
          },
        },
      ],
    });
    const user = renderDetails(1);
    await user.click(await screen.findByRole('button', { name: '$100' }));
    expect(expectedReturn()).toHaveTextContent('$105.00');
    await user.click(screen.getByRole('button', { name: 'Pay from my balance' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The terms of this plan changed since you opened it.');
    expect(expectedReturn()).toHaveTextContent('$108.00');
    await user.click(screen.getByRole('button', { name: 'Pay from my balance' }));
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
