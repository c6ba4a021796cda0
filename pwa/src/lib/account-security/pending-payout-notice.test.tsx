import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { usePayoutAddresses } from './payout-addresses';
import { fakeApi } from '../../test/fake-api';
import { renderPageWithQuery } from '../../test/render-page';
import { PendingPayoutNotice } from './pending-payout-notice';

const pending = { address: '1BoatSLRHtKNngkdXEeobR76b53LETtpyT', confirmed: false, takesEffectAt: null };
const overview = (bitcoinPending: typeof pending | null) => ({
  status: 200,
  body: {
    holdHours: 24,
    addresses: {
      bitcoin: { address: 'bc1qold', pending: bitcoinPending },
      ethereum: { address: null, pending: null },
      usdt: { address: null, pending: null },
    },
  },
});

/** As the withdraw and profile forms place it: shown while the server reports a pending change. */
function BitcoinNotice() {
  const payout = usePayoutAddresses();
  const waiting = payout.data?.addresses.bitcoin.pending;
  return waiting ? (
    <PendingPayoutNotice kind="bitcoin" pending={waiting} holdHours={payout.data!.holdHours} />
  ) : (
    <p>no change waiting</p>
  );
}

describe('PendingPayoutNotice', () => {
  it('cancels the waiting change with DELETE and says so when offline', async () => {
    const api = fakeApi({
      'DELETE /api/payout-addresses/pending/bitcoin': [
        'network-down',
        { status: 200, body: { message: 'Payout address change cancelled' } },
      ],
    });
    renderPageWithQuery(<PendingPayoutNotice kind="bitcoin" pending={pending} holdHours={24} />);
    expect(screen.getByRole('status')).toHaveTextContent('New Bitcoin address');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Cancel this Bitcoin change' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('You are offline');
    await user.click(screen.getByRole('button', { name: 'Cancel this Bitcoin change' }));
    await expect
      .poll(() => api.writes())
      .toEqual([
        { method: 'DELETE', url: '/api/payout-addresses/pending/bitcoin', body: undefined },
        { method: 'DELETE', url: '/api/payout-addresses/pending/bitcoin', body: undefined },
      ]);
    await expect.poll(() => screen.queryByRole('alert')).toBeNull();
  });

  it('disappears once cancelled: the addresses are read again', async () => {
    fakeApi({
      'GET /api/payout-addresses': [overview(pending), overview(null)],
      'DELETE /api/payout-addresses/pending/bitcoin': {
        status: 200,
        body: { message: 'Payout address change cancelled' },
      },
    });
    renderPageWithQuery(<BitcoinNotice />);
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Cancel this Bitcoin change' }));
    expect(await screen.findByText('no change waiting')).toBeInTheDocument();
  });
});
