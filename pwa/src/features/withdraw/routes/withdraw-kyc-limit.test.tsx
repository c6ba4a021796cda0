import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeApi } from '../../../test/fake-api';
import { renderPageWithQuery } from '../../../test/render-page';
import { WithdrawPage } from './withdraw-page';

const profile = {
  id: 'u1',
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.com',
  bitcoinAddress: 'bc1qpayoutaddress0000',
  ethereumAddress: null,
  usdtAddress: null,
  litecoinAddress: null,
  dogecoinAddress: null,
};

function renderWithdraw(refusal: Record<string, unknown>) {
  fakeApi({
    'GET /api/dashboard': {
      status: 200,
      body: {
        balances: {
          accountBalance: 900,
          totalProfit: 0,
          bonus: 0,
          referralBonus: 0,
          totalDeposit: 900,
          totalWithdrawal: 0,
        },
        activePlans: [],
        referralLink: 'https://example.test/referral/ABC',
      },
    },
    'GET /api/user': { status: 200, body: { user: profile } },
    'GET /api/withdrawals': { status: 200, body: { withdrawals: [] } },
    'POST /api/withdrawals': { status: 403, body: refusal },
  });
  renderPageWithQuery(<WithdrawPage />, { route: '/withdraw-page' });
  return userEvent.setup();
}

async function request(user: ReturnType<typeof userEvent.setup>, amount: string) {
  await screen.findByText('$900.00');
  await user.type(screen.getByLabelText('Amount (USD)'), amount);
  await user.selectOptions(screen.getByLabelText('Payment method'), 'Bitcoin');
  await user.click(screen.getByRole('button', { name: 'Submit Request' }));
  const review = screen.getByRole('region', { name: 'Review your withdrawal' });
  await user.click(within(review).getByRole('button', { name: 'Confirm withdrawal' }));
  return within(review).findByRole('alert');
}

describe('a withdrawal above the limit of the identity level (403 kyc_limit)', () => {
  it('says the limit and what is used, with a link to verify identity at level 0', async () => {
    const user = renderWithdraw({
      message: 'Your withdrawal limit is $500 per 30 days…',
      code: 'kyc_limit',
      level: 0,
      limit: 500,
      used: 300.01,
    });
    const alert = await request(user, '200');
    expect(alert).toHaveTextContent(
      'Withdrawals at your identity level are limited to $500.00 per 30 days, and you have used $300.01. Verifying your identity raises the limit.',
    );
    expect(within(alert).getByRole('link', { name: 'Verify your identity' })).toHaveAttribute('href', '/kyc');
  });

  it('at level 1 says the limit with no link to verify again', async () => {
    const user = renderWithdraw({ message: '…', code: 'kyc_limit', level: 1, limit: 25_000, used: 24_900 });
    const alert = await request(user, '200');
    expect(alert).toHaveTextContent('Withdrawals are limited to $25,000.00 per 30 days, and you have used $24,900.00.');
    expect(within(alert).queryByRole('link')).not.toBeInTheDocument();
  });
});
