import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { onlineManager } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { db } from '../../../lib/offline/db';
import type { OperatorConfig } from '../../../lib/operator-config/operator-config';
import { fakeApi } from '../../../test/fake-api';
import { queryClientWithConfig } from '../../../test/operator-config-fixture';
import { renderPageWithQuery } from '../../../test/render-page';
import { approvedOnChain, broadcastOnChain, buildWithdrawal } from '../../../test/withdrawal-fixtures';
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

const review = () => screen.getByRole('region', { name: 'Review your withdrawal' });
/** The value beside a label in the review's list. */
const reviewed = (label: string) =>
  within(review()).getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;
const confirmButton = () => within(review()).getByRole('button', { name: 'Confirm withdrawal' });

/** Fills the form and opens its review. */
async function fillAndReview(user: ReturnType<typeof userEvent.setup>, amount: string, method: string) {
  await screen.findByText('$150.00');
  await user.type(screen.getByLabelText('Amount (USD)'), amount);
  await user.selectOptions(screen.getByLabelText('Payment method'), method);
  await user.click(screen.getByRole('button', { name: 'Submit Request' }));
}

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
    await fillAndReview(user, '100', 'Bitcoin');
    await user.click(confirmButton());

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

  it('reviews the request before sending: amount, method, the whole address in groups, when it is paid', async () => {
    const { api, user } = renderWithdraw();
    await fillAndReview(user, '100.5', 'Bitcoin');
    expect(screen.getByRole('heading', { name: 'Review your withdrawal' })).toHaveFocus();
    expect(review()).toHaveTextContent(
      'Nothing is sent yet. When you confirm, $100.50 is held from your account balance until the withdrawal is paid or rejected.',
    );
    expect(reviewed('Amount')).toBe('$100.50');
    expect(reviewed('Method')).toBe('Bitcoin');
    // The whole address, read in groups of four, copied as one.
    const address = within(review()).getByText('bc1q', { selector: 'code > span' }).parentElement!;
    expect([...address.children].map((group) => group.textContent)).toEqual([
      'bc1q',
      'payo',
      'utad',
      'dres',
      's000',
      '0',
    ]);
    expect(address.textContent).toBe(profile.bitcoinAddress);
    expect(reviewed('When it is paid')).toBe(
      "There is no set time. An administrator reviews each request, and it is paid once approved; a payment on a blockchain this site follows counts as paid after the chain's confirmations.",
    );
    expect(screen.queryByLabelText('Two-factor code')).not.toBeInTheDocument();
    expect(api.writes()).toEqual([]);
  });

  it('Back returns to the form with the amount and the method kept, and sends nothing', async () => {
    const { api, user } = renderWithdraw();
    await fillAndReview(user, '75', 'Bitcoin');
    await user.click(within(review()).getByRole('button', { name: 'Back' }));
    expect(screen.queryByRole('region', { name: 'Review your withdrawal' })).not.toBeInTheDocument();
    expect(screen.getByLabelText('Amount (USD)')).toHaveValue('75');
    expect(screen.getByLabelText('Payment method')).toHaveValue('Bitcoin');
    expect(api.writes()).toEqual([]);
  });

  it('Confirm sends the request once', async () => {
    let release = () => {};
    const { api, user } = renderWithdraw({
      'POST /api/withdrawals': {
        status: 201,
        body: { withdrawal: pending },
        until: new Promise<void>((resolve) => {
          release = resolve;
        }),
      },
    });
    await fillAndReview(user, '100', 'Bitcoin');
    await user.dblClick(confirmButton());
    expect(await within(review()).findByRole('button', { name: 'Submitting…' })).toBeDisabled();
    release();
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Your withdrawal request of $100.00 to Bitcoin is pending.',
    );
    expect(api.writes()).toEqual([
      { method: 'POST', url: '/api/withdrawals', body: { amount: '100', method: 'Bitcoin' } },
    ]);
  });

  it('with two-factor on, asks for the code on the review step and sends it with the request', async () => {
    const { api, user } = renderWithdraw({
      'GET /api/2fa': { status: 200, body: { enabled: true, recoveryCodesLeft: 10 } },
      'POST /api/withdrawals': { status: 201, body: { withdrawal: pending } },
    });
    await fillAndReview(user, '100', 'Bitcoin');
    await user.click(confirmButton());
    expect(within(review()).getByText('Enter the code from your authenticator app.')).toBeInTheDocument();
    expect(api.writes()).toEqual([]);
    // The code belongs to the review, not to the form.
    await user.click(within(review()).getByRole('button', { name: 'Back' }));
    expect(screen.queryByLabelText('Two-factor code')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Submit Request' }));
    await user.type(within(review()).getByLabelText('Two-factor code'), '123456');
    await user.click(confirmButton());
    expect(await screen.findByRole('status')).toHaveTextContent('is pending.');
    expect(api.writes()).toMatchObject([
      { method: 'POST', url: '/api/withdrawals', body: { amount: '100', method: 'Bitcoin', code: '123456' } },
    ]);
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
    expect(reviewed('To your Litecoin address')).toBe(profile.litecoinAddress);
    await user.click(confirmButton());
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

  it('shows 409 as "Insufficient balance" on the review, and Back keeps the amount to change it', async () => {
    const { user } = renderWithdraw({
      'POST /api/withdrawals': { status: 409, body: { message: 'Insufficient balance' } },
    });
    await fillAndReview(user, '1000', 'Bitcoin');
    await user.click(confirmButton());
    expect(await within(review()).findByRole('alert')).toHaveTextContent('Insufficient balance');
    await user.click(within(review()).getByRole('button', { name: 'Back' }));
    expect(screen.getByLabelText('Amount (USD)')).toHaveValue('1000');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
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
    await user.click(confirmButton());
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Add your USDT payout address in Withdrawer Details first');
    expect(within(alert).getByRole('link', { name: 'Add it in Withdrawer Details' })).toHaveAttribute(
      'href',
      '/user-profile?tab=withdrawer',
    );
  });

  it("lists each withdrawal's status in words and its steps: in a batch, sent with its link, or paid by hand", async () => {
    renderWithdraw({
      'GET /api/withdrawals': {
        status: 200,
        body: {
          withdrawals: [
            buildWithdrawal({ ...broadcastOnChain, id: 'w3' }),
            buildWithdrawal({ ...approvedOnChain, id: 'w2', status: 'in_batch', paidInBatch: true }),
            buildWithdrawal({ id: 'w1', method: 'USDT', status: 'paid', txHash: 'hand-typed-hash' }),
          ],
        },
      },
    });
    const table = await screen.findByRole('table', { name: 'Your withdrawals' });
    const [, sent, inBatch, byHand] = within(table).getAllByRole('row');
    expect(within(sent!).getByText('Sent')).toHaveClass('withdraw-status--broadcast');
    expect(within(sent!).getByRole('list', { name: 'Steps of this withdrawal' })).toHaveTextContent(
      'Now: 4 of 12 confirmations',
    );
    expect(within(sent!).getByRole('link', { name: /View on the explorer/ })).toHaveAttribute(
      'href',
      broadcastOnChain.explorerUrl,
    );
    expect(within(inBatch!).getByText('In a batch')).toHaveClass('withdraw-status--in_batch');
    expect(within(inBatch!).getByText("In a batch, waiting for the operator's signature")).toBeInTheDocument();
    expect(within(byHand!).getByText('Paid')).toHaveClass('withdraw-status--paid');
    expect(within(byHand!).getByText('Marked paid by an admin; not checked on chain')).toBeInTheDocument();
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
    await fillAndReview(user, '60', 'Bitcoin');
    await user.click(confirmButton());
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'You are offline. Deposits, plans and withdrawals need a connection.',
    );
  });
});
