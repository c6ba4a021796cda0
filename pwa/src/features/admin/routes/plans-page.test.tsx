import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { AdminPlan } from '../api/plans';
import { fakeApi } from '../../../test/fake-api';
import { renderPageWithQuery } from '../../../test/render-page';
import { PlansPage } from './plans-page';

const sonic: AdminPlan = {
  id: 1,
  name: 'Sonic',
  names: { fr: 'Sonique' },
  amountLabel: '',
  description: '',
  descriptions: {},
  roiPercent: 5,
  minDeposit: 50,
  maxDeposit: 999,
  durationHours: 15,
  miner: true,
  presets: [50, 100, 999],
  onSale: true,
  position: 1,
  version: 3,
  activeInvestments: 2,
  investedAmount: 320.5,
};
const supreme: AdminPlan = {
  ...sonic,
  id: 4,
  name: 'Supreme',
  names: {},
  maxDeposit: null,
  onSale: false,
  position: 2,
  version: 1,
  activeInvestments: 0,
  investedAmount: 0,
};

function renderPlans(routes: Parameters<typeof fakeApi>[0] = {}) {
  const api = fakeApi({ 'GET /api/admin/plans': { status: 200, body: { plans: [sonic, supreme] } }, ...routes });
  renderPageWithQuery(<PlansPage />, { route: '/admin/plans' });
  return { api, user: userEvent.setup() };
}

describe('Plans (admin)', () => {
  it('lists every plan with its state, active investments and the money in them', async () => {
    renderPlans();
    const sonicRow = (await screen.findByText('Sonic')).closest('tr')!;
    expect(within(sonicRow).getByText('On sale')).toBeInTheDocument();
    expect(within(sonicRow).getByText('$320.50')).toBeInTheDocument();
    expect(within(sonicRow).getByText('$50 to $999')).toBeInTheDocument();
    const supremeRow = screen.getByText('Supreme').closest('tr')!;
    expect(within(supremeRow).getByText('Retired')).toBeInTheDocument();
    expect(within(supremeRow).getByText('$50 or more')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Move Sonic up' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Move Supreme down' })).toBeDisabled();
  });

  it('checks a new plan with the shared schema before sending, then creates it', async () => {
    const { api, user } = renderPlans({
      'POST /api/admin/plans': { status: 201, body: { plan: { ...sonic, id: 9, name: 'Winter' } } },
    });
    await user.click(await screen.findByRole('button', { name: 'New plan' }));
    await user.type(screen.getByLabelText('Name (English)'), 'Winter');
    await user.type(screen.getByLabelText('ROI (%)'), '1000.5');
    await user.type(screen.getByLabelText('Duration (hours)'), '48');
    await user.type(screen.getByLabelText('Minimum deposit ($)'), '500');
    await user.type(screen.getByLabelText('Maximum deposit ($)'), '100');
    await user.type(screen.getByLabelText('Preset amounts ($)'), '500, 50');
    await user.click(screen.getByRole('button', { name: 'Create plan' }));
    expect(screen.getByText('Enter an ROI from 0.01 to 1,000 %, with at most two decimals.')).toBeInTheDocument();
    expect(screen.getByText('Enter a maximum no lower than the minimum, or leave it empty.')).toBeInTheDocument();
    expect(screen.getByText('Give 1 to 12 amounts, each within the minimum and the maximum.')).toBeInTheDocument();
    expect(api.writes()).toEqual([]);

    await user.clear(screen.getByLabelText('ROI (%)'));
    await user.type(screen.getByLabelText('ROI (%)'), '7.5');
    await user.clear(screen.getByLabelText('Maximum deposit ($)'));
    await user.clear(screen.getByLabelText('Preset amounts ($)'));
    await user.type(screen.getByLabelText('Preset amounts ($)'), '500, 1000');
    await user.selectOptions(screen.getByLabelText('Language'), 'fr');
    await user.type(screen.getByLabelText('Name in Français'), 'Hiver');
    expect(screen.getByText('Given in: Français')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Create plan' }));
    expect(await screen.findByText('Winter is on sale.')).toHaveAttribute('role', 'status');
    expect(api.writes()).toEqual([
      {
        method: 'POST',
        url: '/api/admin/plans',
        body: {
          name: 'Winter',
          names: { fr: 'Hiver' },
          amountLabel: '',
          description: '',
          descriptions: {},
          roiPercent: '7.5',
          minDeposit: '500',
          maxDeposit: '',
          durationHours: 48,
          miner: true,
          presets: ['500', '1000'],
        },
      },
    ]);
  });

  it('edits at the loaded version and, when another admin saved first, shows their version to edit again', async () => {
    const theirs = { ...sonic, roiPercent: 6, version: 4 };
    const { api, user } = renderPlans({
      'PUT /api/admin/plans/1': [
        { status: 409, body: { message: 'Someone else changed this plan meanwhile.', plan: theirs } },
        { status: 200, body: { plan: { ...theirs, roiPercent: 8, version: 5 } } },
      ],
    });
    await user.click(await screen.findByRole('button', { name: 'Edit Sonic' }));
    expect(screen.getByLabelText('ROI (%)')).toHaveValue('5');
    await user.clear(screen.getByLabelText('ROI (%)'));
    await user.type(screen.getByLabelText('ROI (%)'), '7');
    await user.click(screen.getByRole('button', { name: 'Save plan' }));
    expect(await screen.findByText(/Someone else changed this plan meanwhile/)).toHaveAttribute('role', 'alert');
    expect(screen.getByLabelText('ROI (%)')).toHaveValue('6');
    await user.clear(screen.getByLabelText('ROI (%)'));
    await user.type(screen.getByLabelText('ROI (%)'), '8');
    await user.click(screen.getByRole('button', { name: 'Save plan' }));
    expect(await screen.findByText('Sonic is saved. New purchases get the new terms.')).toBeInTheDocument();
    expect(api.writes().map((write) => (write.body as { version: number; roiPercent: string }).version)).toEqual([
      3, 4,
    ]);
  });

  it('retires, puts back on sale and reorders', async () => {
    const { api, user } = renderPlans({
      'POST /api/admin/plans/1/retire': { status: 200, body: { plan: { ...sonic, onSale: false } } },
      'POST /api/admin/plans/4/reactivate': { status: 200, body: { plan: { ...supreme, onSale: true } } },
      'POST /api/admin/plans/order': { status: 200, body: { plans: [supreme, sonic] } },
    });
    await user.click(await screen.findByRole('button', { name: 'Retire Sonic' }));
    expect(await screen.findByText(/Sonic is retired: it is no longer offered/)).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Put Supreme back on sale' }));
    expect(await screen.findByText('Supreme is back on sale.')).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Move Supreme up' }));
    expect(await screen.findByText('The new order is saved.')).toBeInTheDocument();
    expect(api.writes().map((write) => `${write.method} ${write.url} ${JSON.stringify(write.body ?? null)}`)).toEqual([
      'POST /api/admin/plans/1/retire null',
      'POST /api/admin/plans/4/reactivate null',
      'POST /api/admin/plans/order {"ids":[4,1]}',
    ]);
  });
});
