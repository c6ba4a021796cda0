import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { onlineManager } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { db } from '../../../lib/offline/db';
import type { OperatorConfig } from '../../../lib/operator-config/operator-config';
import { fakeApi } from '../../../test/fake-api';
import { queryClientWithConfig } from '../../../test/operator-config-fixture';
import { renderPageWithQuery } from '../../../test/render-page';
import { WithdrawPage } from './withdraw-page';

const balances = (accountBalance: number) => ({
  balances: { accountBalance, totalProfit: 0, bonus: 0, referralBonus: 0, totalDeposit: 150, totalWithdrawal: 0 },
  activePlans: [],
  referralLink: 'https://example.test/referral/ABC',
});
const profile = {
  id: 'u1',
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.com',
  bitcoinAddress: 'bc1qpayoutaddress0000',
  ethereumAddress: null,
  usdtAddress: null,
  litecoinAddress: 'ltc1qcr8te4kr609gcawutmrza0j4xv80jy8z4nqduv',
  dogecoinAddress: null,
};
const pending = {
  id: 'w1',
  amount: 100,
  method: 'Bitcoin',
  address: profile.bitcoinAddress,
  status: 'pending',
  txHash: null,
  rejectReason: null,
  createdAt: '2026-11-22T05:00:00Z',
};
const rejected = { ...pending, id: 'w0', amount: 20, status: 'rejected', rejectReason: 'Address check failed' };

function renderWithdraw(routes: Parameters<typeof fakeApi>[0] = {}, config?: Partial<OperatorConfig>) {
  const api = fakeApi({
    'GET /api/dashboard': { status: 200, body: balances(150) },
    'GET /api/user': { status: 200, body: { user: profile } },
    'GET /api/withdrawals': { status: 200, body: { withdrawals: [] } },
    ...routes,
  });
  renderPageWithQuery(<WithdrawPage />, {
    route: '/withdraw-page',
    client: config ? queryClientWithConfig(config) : undefined,
  });
  return { api, user: userEvent.setup() };
}

afterEach(() => onlineManager.setOnline(true));

describe('WithdrawPage', () => {
  it('shows the Account Balance from GET /api/dashboard', async () => {
    renderWithdraw();
    const balance = screen.getByRole('region', { name: 'Account Balance' });
    expect(await within(balance).findByText('$150.00')).toBeInTheDocument();
  });

  it('requires the amount and the method before sending', async () => {
    const { api, user } = renderWithdraw();
    await user.click(screen.getByRole('button', { name: 'Submit Request' }));
    expect(screen.getByText('Enter the amount to withdraw.')).toBeInTheDocument();
    expect(screen.getByText('Choose a payment method.')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Amount (USD)'), '10.555');
    await user.click(screen.getByRole('button', { name: 'Submit Request' }));
    expect(screen.getByText(/Enter an amount in dollars with at most two decimals/)).toBeInTheDocument();
    expect(api.writes()).toEqual([]);
  });

  it('shows the payout address that will be used, or a link to Withdrawer Details when it is missing', async () => {
    const { user } = renderWithdraw();
    await screen.findByText('$150.00');
    await user.selectOptions(screen.getByLabelText('Payment method'), 'Bitcoin');
    expect(await screen.findByText('We will pay to your Bitcoin address: bc1qpayoutaddress0000')).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Payment method'), 'Ethereum');
    expect(screen.getByText('No Ethereum payout address is set yet.', { exact: false })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add it in Withdrawer Details' })).toHaveAttribute(
      'href',
      '/user-profile?tab=withdrawer',
    );
  });

  it('with no payout address for the method, says so once and sends nothing', async () => {
    const { api, user } = renderWithdraw({
      'POST /api/withdrawals': {
        status: 400,
        body: {
          message: 'Add your USDT payout address in Withdrawer Details first',
          errors: { method: 'No USDT address set' },
        },
      },
    });
    await screen.findByText('$150.00');
    await user.type(screen.getByLabelText('Amount (USD)'), '60');
    await user.selectOptions(screen.getByLabelText('Payment method'), 'USDT');
    await user.click(screen.getByRole('button', { name: 'Submit Request' }));
    const [alert, ...others] = screen.getAllByRole('alert');
    expect(others).toEqual([]);
    expect(alert).toHaveTextContent('No USDT payout address is set yet.');
    expect(screen.queryByText(/Withdrawer Details first/)).not.toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'Add it in Withdrawer Details' })).toHaveLength(1);
    expect(api.writes()).toEqual([]);
  });

  it('sends {amount, method}, shows the pending withdrawal, clears the form and reloads the figures', async () => {
    const { api, user } = renderWithdraw({
      'GET /api/dashboard': [
        { status: 200, body: balances(150) },
        { status: 200, body: balances(50) },
      ],
      'GET /api/withdrawals': [
        { status: 200, body: { withdrawals: [rejected] } },
        { status: 200, body: { withdrawals: [pending, rejected] } },
      ],
      'POST /api/withdrawals': { status: 201, body: { withdrawal: pending } },
    });
    expect(await screen.findByText('Rejected')).toBeInTheDocument();
    expect(screen.getByText('Reason: Address check failed')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Amount (USD)'), '100');
    await user.selectOptions(screen.getByLabelText('Payment method'), 'Bitcoin');
    await user.click(screen.getByRole('button', { name: 'Submit Request' }));

    expect(await screen.findByRole('status')).toHaveTextContent(
      'Your withdrawal request of $100.00 to Bitcoin is pending.',
    );
    expect(api.writes()).toMatchObject([
      { method: 'POST', url: '/api/withdrawals', body: { amount: '100', method: 'Bitcoin' } },
    ]);
    expect(screen.getByLabelText('Amount (USD)')).toHaveValue('');
    expect(screen.getByLabelText('Payment method')).toHaveValue('');
    expect(await screen.findByText('$50.00')).toBeInTheDocument();
    expect(await screen.findByText('Pending')).toBeInTheDocument();
  });

  it('offers the methods the server takes: Litecoin where its chain is configured, paid to the Litecoin address', async () => {
    const { api, user } = renderWithdraw(
      { 'POST /api/withdrawals': { status: 201, body: { withdrawal: { ...pending, method: 'Litecoin' } } } },
      { withdrawalMethods: ['Bitcoin', 'Ethereum', 'USDT', 'Litecoin'] },
    );
    await screen.findByText('$150.00');
    const select = screen.getByLabelText('Payment method');
    expect(
      within(select)
        .getAllByRole('option', { name: /^(?!Select)/ })
        .map((option) => option.textContent),
    ).toEqual(['Bitcoin', 'Ethereum', 'USDT', 'Litecoin']);
    await user.type(screen.getByLabelText('Amount (USD)'), '25');
    await user.selectOptions(select, 'Litecoin');
    expect(
      await screen.findByText(`We will pay to your Litecoin address: ${profile.litecoinAddress}`),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Submit Request' }));
    expect(await screen.findByRole('status')).toHaveTextContent('to Litecoin is pending.');
    expect(api.writes()).toMatchObject([
      { method: 'POST', url: '/api/withdrawals', body: { amount: '25', method: 'Litecoin' } },
    ]);
  });

  it('offers no Litecoin where the server configures no Litecoin chain', async () => {
    renderWithdraw({}, { withdrawalMethods: ['Bitcoin', 'Ethereum', 'USDT'] });
    await screen.findByText('$150.00');
    const select = screen.getByLabelText('Payment method');
    expect(within(select).queryByRole('option', { name: 'Litecoin' })).not.toBeInTheDocument();
    expect(within(select).getByRole('option', { name: 'USDT' })).toBeInTheDocument();
  });

  it('shows 409 as "Insufficient balance"', async () => {
    const { user } = renderWithdraw({
      'POST /api/withdrawals': { status: 409, body: { message: 'Insufficient balance' } },
    });
    await user.type(screen.getByLabelText('Amount (USD)'), '1000');
    await user.selectOptions(screen.getByLabelText('Payment method'), 'Bitcoin');
    await user.click(screen.getByRole('button', { name: 'Submit Request' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Insufficient balance');
    expect(screen.getByLabelText('Amount (USD)')).toHaveValue('1000');
  });

  it("shows the server's message with a link when it finds no payout address (saved elsewhere meanwhile)", async () => {
    const { user } = renderWithdraw({
      'GET /api/user': {
        status: 200,
        body: { user: { ...profile, usdtAddress: 'TXYZpayout000000000000000000000000' } },
      },
      'POST /api/withdrawals': {
        status: 400,
        body: {
          message: 'Add your USDT payout address in Withdrawer Details first',
          errors: { method: 'No USDT address set' },
        },
      },
    });
    await user.type(screen.getByLabelText('Amount (USD)'), '60');
    await user.selectOptions(screen.getByLabelText('Payment method'), 'USDT');
    await user.click(screen.getByRole('button', { name: 'Submit Request' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Add your USDT payout address in Withdrawer Details first');
    expect(within(alert).getByRole('link', { name: 'Add it in Withdrawer Details' })).toHaveAttribute(
      'href',
      '/user-profile?tab=withdrawer',
    );
  });

  it('says when there are no withdrawals yet', async () => {
    renderWithdraw();
    expect(await screen.findByText('You have not requested any withdrawals yet.')).toBeInTheDocument();
  });

  it('says that figures and requests need a connection when offline, instead of spinning', async () => {
    await db.personal.clear();
    onlineManager.setOnline(false);
    renderWithdraw({ 'GET /api/dashboard': 'network-down' });
    const balance = screen.getByRole('region', { name: 'Account Balance' });
    expect(await within(balance).findByRole('alert')).toHaveTextContent('You are offline.');
    // Said above the form too, before anything is typed: a withdrawal request is never kept for later.
    // The notice, the balance and the list of past requests.
    expect(screen.getAllByText('You are offline. Deposits, plans and withdrawals need a connection.')).toHaveLength(3);
  });

  it('with the balance from the device’s saved copy, says requests need a connection', async () => {
    await db.personal.put({
      key: 'dashboard',
      data: {
        balances: {
          accountBalance: 75,
          totalProfit: 0,
          bonus: 0,
          referralBonus: 0,
          totalDeposit: 0,
          totalWithdrawal: 0,
        },
        activePlans: [],
        referralLink: 'x',
      },
      savedAt: Date.now(),
    });
    renderWithdraw({ 'GET /api/dashboard': 'network-down' });
    expect(await screen.findByText('$75.00')).toBeInTheDocument();
    expect(
      await screen.findByText('You are offline. Deposits, plans and withdrawals need a connection.'),
    ).toBeInTheDocument();
    await db.personal.clear();
  });

  it('says so at once when the request cannot reach the server', async () => {
    const { user } = renderWithdraw({ 'POST /api/withdrawals': 'network-down' });
    await user.type(screen.getByLabelText('Amount (USD)'), '60');
    await user.selectOptions(screen.getByLabelText('Payment method'), 'Bitcoin');
    await user.click(screen.getByRole('button', { name: 'Submit Request' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'You are offline. Deposits, plans and withdrawals need a connection.',
    );
  });
});
