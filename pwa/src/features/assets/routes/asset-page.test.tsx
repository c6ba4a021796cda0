import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../../test/fake-api';
import { renderPageWithQuery } from '../../../test/render-page';
import { AssetPage } from './asset-page';

const figure = (label: string) => screen.getByText(label).closest('div')!.querySelector('dd')!.textContent;

afterEach(() => vi.useRealTimers());

describe('/asset', () => {
  it('shows where the money is, from GET /api/assets', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-20T22:00:00.000Z'));
    fakeApi({
      'GET /api/assets': {
        status: 200,
        body: {
          holdings: { available: 50.25, invested: 1200, pendingWithdrawal: 49.75, total: 1300 },
          investments: [
            {
              id: 2,
              planName: 'Ultra',
              amount: 1200,
              expectedReturn: 1320,
              status: 'active',
              startsAt: '2026-11-20T10:00:00.000Z',
              maturesAt: '2026-11-21T10:00:00.000Z',
            },
            {
              id: 1,
              planName: 'Sonic',
              amount: 100,
              expectedReturn: 105,
              status: 'matured',
              startsAt: '2026-11-01T10:00:00.000Z',
              maturesAt: '2026-11-02T01:00:00.000Z',
            },
          ],
        },
      },
    });
    renderPageWithQuery(<AssetPage />);
    expect(await screen.findByText('$1,300.00')).toBeInTheDocument();
    expect(figure('Available balance')).toBe('$50.25');
    expect(figure('Invested in plans')).toBe('$1,200.00');
    expect(figure('Held for withdrawal')).toBe('$49.75');
    expect(figure('Total')).toBe('$1,300.00');

    expect(screen.getByRole('heading', { name: 'My plans (2)' })).toBeInTheDocument();
    const [, ultra, sonic] = screen.getAllByRole('row');
    expect(
      within(ultra!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent)
        .slice(0, 4),
    ).toEqual(['Ultra', '$1,200.00', '$1,320.00', 'Active']);
    expect(within(ultra!).getByText('matures in 12 hours')).toBeInTheDocument();
    expect(within(sonic!).getByText('Matured, paid out')).toBeInTheDocument();
    expect(within(sonic!).queryByText(/matures/)).not.toBeInTheDocument();
    expect(screen.getByText(/They are not guaranteed/)).toBeInTheDocument();
  });

  it('without plans: says so and links to the plans', async () => {
    fakeApi({
      'GET /api/assets': {
        status: 200,
        body: { holdings: { available: 0, invested: 0, pendingWithdrawal: 0, total: 0 }, investments: [] },
      },
    });
    renderPageWithQuery(<AssetPage />);
    expect(await screen.findByText('You have not bought a plan yet.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Buy a plan' })).toHaveAttribute('href', '/trading-plans');
    expect(screen.queryByText(/They are not guaranteed/)).not.toBeInTheDocument();
  });

  it('on an error: says so and retries', async () => {
    const failure = { status: 500, body: { message: 'Internal error' } };
    fakeApi({
      'GET /api/assets': [
        failure,
        failure,
        {
          status: 200,
          body: { holdings: { available: 5, invested: 0, pendingWithdrawal: 0, total: 5 }, investments: [] },
        },
      ],
    });
    renderPageWithQuery(<AssetPage />);
    expect(await screen.findByRole('alert')).toHaveTextContent('We could not load your assets. Please try again.');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('$5.00', { selector: '.assets-holdings__card--total dd' })).toBeInTheDocument();
  });
});
