import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi } from '../../../test/fake-api';
import { renderPageWithQuery } from '../../../test/render-page';
import { AssetPage } from './asset-page';

const assets = (held: number) => ({
  holdings: { available: 1000, invested: 0, pendingWithdrawal: 0, held, total: 1000 + held },
  investments: [],
});

describe('/asset with held money', () => {
  it('shows the held figure, and each hold with why and what releases it', async () => {
    fakeApi({
      'GET /api/assets': { status: 200, body: assets(250) },
      'GET /api/fund-holds': {
        status: 200,
        body: {
          holds: [
            {
              id: 'h2',
              amount: 250,
              reason: 'kyc_limit',
              createdAt: '2026-11-20T10:00:00.000Z',
              releasedAt: null,
              releasedByAdmin: false,
            },
            {
              id: 'h1',
              amount: 80,
              reason: 'kyc_limit',
              createdAt: '2026-11-10T10:00:00.000Z',
              releasedAt: '2026-11-12T10:00:00.000Z',
              releasedByAdmin: true,
            },
          ],
        },
      },
    });
    renderPageWithQuery(<AssetPage />, { route: '/asset' });
    const heldCard = (await screen.findByText('Held')).closest('div')!;
    expect(heldCard.querySelector('dd')).toHaveTextContent('$250.00');
    expect(screen.getByText('The sum of the four above.')).toBeInTheDocument();
    const section = await screen.findByRole('region', { name: 'Held money' });
    expect(within(section).getAllByRole('listitem')).toHaveLength(1);
    expect(section).toHaveTextContent('Held because it went above the 30-day deposit limit of your identity level.');
    expect(within(section).getByRole('link', { name: 'Verify your identity' })).toHaveAttribute('href', '/kyc');
  });

  it('shows no held figure when nothing is held', async () => {
    fakeApi({ 'GET /api/assets': { status: 200, body: assets(0) } });
    renderPageWithQuery(<AssetPage />, { route: '/asset' });
    await screen.findByText('Available balance');
    expect(screen.queryByText('Held')).not.toBeInTheDocument();
    expect(screen.getByText('The sum of the three above.')).toBeInTheDocument();
  });
});
