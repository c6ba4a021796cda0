import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeApi } from '../../../test/fake-api';
import { renderPageWithQuery } from '../../../test/render-page';
import { KycLimitsPage } from './kyc-limits-page';

const limits = { level0: { deposit: 1000, withdrawal: 500 }, level1: { deposit: 50000, withdrawal: 25000 } };

describe('/admin/kyc-limits', () => {
  it('shows each level’s limits and saves both levels at once', async () => {
    const api = fakeApi({
      'GET /api/admin/kyc-limits': { status: 200, body: { limits } },
      'PUT /api/admin/kyc-limits': {
        status: 200,
        body: { message: 'Limits saved', limits: { ...limits, level0: { deposit: 2000, withdrawal: 500 } } },
      },
    });
    renderPageWithQuery(<KycLimitsPage />, { route: '/admin/kyc-limits' });
    const level0 = await screen.findByRole('group', { name: 'Level 0: e-mail verified' });
    const deposits = within(level0).getByLabelText('Deposits (USD per 30 days)');
    expect(deposits).toHaveValue('1000');
    const user = userEvent.setup();
    await user.clear(deposits);
    await user.type(deposits, '2000');
    await user.click(screen.getByRole('button', { name: 'Save limits' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Limits saved.');
    expect(api.writes()).toEqual([
      {
        method: 'PUT',
        url: '/api/admin/kyc-limits',
        body: {
          level0: { deposit: '2000', withdrawal: '500' },
          level1: { deposit: '50000', withdrawal: '25000' },
        },
      },
    ]);
  });

  it('shows the server’s refusal by the field', async () => {
    fakeApi({
      'GET /api/admin/kyc-limits': { status: 200, body: { limits } },
      'PUT /api/admin/kyc-limits': {
        status: 400,
        body: { message: 'Invalid request', errors: { 'level1.deposit': 'Must be at least the level 0 limit' } },
      },
    });
    renderPageWithQuery(<KycLimitsPage />, { route: '/admin/kyc-limits' });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Save limits' }));
    expect(await screen.findByText('Must be at least the level 0 limit')).toBeInTheDocument();
    expect(screen.getByText('The limits could not be saved.')).toHaveAttribute('role', 'alert');
  });
});
