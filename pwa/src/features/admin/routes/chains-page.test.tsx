import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { buildAdminChainPayment, buildChainStatus } from '../../../test/chain-fixtures';
import { fakeApi } from '../../../test/fake-api';
import { renderPageWithQuery } from '../../../test/render-page';
import { ChainsPage } from './chains-page';

const minuteAgo = new Date(Date.now() - 60_000).toISOString();

const noPaymentsOrIncidents = {
  'GET /api/admin/chain-payments': { status: 200, body: { payments: [] } },
  'GET /api/admin/chain-incidents': { status: 200, body: { incidents: [] } },
};

describe('Chains', () => {
  it("shows each watcher's heights, lag, last scan and last error", async () => {
    fakeApi({
      ...noPaymentsOrIncidents,
      'GET /api/admin/chains': {
        status: 200,
        body: {
          chains: [
            buildChainStatus({ lastScanAt: minuteAgo }),
            buildChainStatus({
              chain: 'litecoin',
              addressGap: { gapLimit: 20, issued: 1250, longestUnusedRun: 0, beyondGapLimit: false },
              tipHeight: null,
              scannedHeight: null,
              lag: null,
              lastScanAt: null,
              lastError: 'connect ECONNREFUSED 127.0.0.1:9332',
            }),
          ],
        },
      },
    });
    renderPageWithQuery(<ChainsPage />);
    const table = await screen.findByRole('table', { name: 'Chain watchers' });
    const [ethereum, litecoin] = within(table).getAllByRole('row').slice(1);
    expect([...ethereum!.querySelectorAll('td')].map((cell) => cell.textContent)).toEqual([
      'ethereum',
      '1,200',
      '1,188',
      '12',
      '5',
      '2',
      '20',
      '1 minute ago',
      'None',
    ]);
    expect([...litecoin!.querySelectorAll('td')].map((cell) => cell.textContent)).toEqual([
      'litecoin',
      'Unknown',
      'Unknown',
      'Unknown',
      '1,250',
      '0',
      '20',
      'Not yet',
      'connect ECONNREFUSED 127.0.0.1:9332',
    ]);
  });

  it("warns when more addresses in a row are unused than the operator's wallet looks past, and says what to raise", async () => {
    fakeApi({
      ...noPaymentsOrIncidents,
      'GET /api/admin/chains': {
        status: 200,
        body: {
          chains: [
            buildChainStatus({
              chain: 'litecoin',
              addressGap: { gapLimit: 20, issued: 31, longestUnusedRun: 25, beyondGapLimit: true },
            }),
            buildChainStatus(),
          ],
        },
      },
    });
    renderPageWithQuery(<ChainsPage />);
    const warning = await screen.findByRole('alert');
    expect(warning).toHaveTextContent(
      'Unused addresses in a row on litecoin: 25 (gap limit: 20). A wallet restored from this xpub stops looking ' +
        'after as many unused addresses in a row as its gap limit, so money paid past this run would not show ' +
        'there. Raise the gap limit in your wallet (Electrum: wallet.gap_limit; Sparrow: Settings → Advanced → Gap ' +
        'limit) to at least 26, and set "gapLimit" for this chain in operator.config.json to the same number.',
    );
    expect(screen.getAllByRole('alert')).toHaveLength(1);
  });

  it('shows no gap-limit warning while every chain stays within its gap limit', async () => {
    fakeApi({
      ...noPaymentsOrIncidents,
      'GET /api/admin/chains': {
        status: 200,
        body: {
          chains: [
            buildChainStatus({ addressGap: { gapLimit: 20, issued: 40, longestUnusedRun: 19, beyondGapLimit: false } }),
          ],
        },
      },
    });
    renderPageWithQuery(<ChainsPage />);
    await screen.findByRole('table', { name: 'Chain watchers' });
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByText(/Unused addresses in a row on/)).not.toBeInTheDocument();
  });

  it('says when no chain is configured', async () => {
    fakeApi({ ...noPaymentsOrIncidents, 'GET /api/admin/chains': { status: 200, body: { chains: [] } } });
    renderPageWithQuery(<ChainsPage />);
    expect(await screen.findByText(/No chain is configured: every deposit goes through receipts/)).toBeInTheDocument();
  });

  it('lists the on-chain deposits beside the receipts, and the incidents the operator must look at', async () => {
    fakeApi({
      'GET /api/admin/chains': { status: 200, body: { chains: [] } },
      'GET /api/admin/chain-payments': {
        status: 200,
        body: {
          payments: [buildAdminChainPayment()],
        },
      },
      'GET /api/admin/chain-incidents': {
        status: 200,
        body: {
          incidents: [
            {
              id: '1',
              chain: 'ethereum',
              kind: 'credited-payment-reorged',
              paymentId: '1',
              details: { txHash: '0xdead' },
              createdAt: '2026-11-24T11:00:00.000Z',
              resolvedAt: null,
              resolvedBy: null,
              resolution: null,
            },
          ],
        },
      },
    });
    renderPageWithQuery(<ChainsPage />);
    const table = await screen.findByRole('table', { name: 'On-chain deposits, newest first' });
    const [row] = within(table).getAllByRole('row').slice(1);
    expect(row).toHaveTextContent('$50.00');
    expect(row).toHaveTextContent('0.025 Ethereum');
    expect(row).toHaveTextContent('ada@example.com');
    expect(row).toHaveTextContent('4 of 12 confirmations');
    expect(within(row!).getByRole('link', { name: 'View on the explorer' })).toHaveAttribute(
      'href',
      'https://etherscan.io/tx/0xfeed',
    );
    expect(
      await screen.findByText(/A credited payment was dropped by a chain reorganisation.*\(ethereum\)/),
    ).toBeInTheDocument();
    expect(screen.getByText('{"txHash":"0xdead"}')).toBeInTheDocument();
  });

  it('shows how an on-chain deposit is priced: the quoted coins at the quote, the rest at the rate when it arrived', async () => {
    fakeApi({
      ...noPaymentsOrIncidents,
      'GET /api/admin/chains': { status: 200, body: { chains: [] } },
      'GET /api/admin/chain-payments': {
        status: 200,
        body: {
          payments: [
            buildAdminChainPayment({
              coinAmount: '1',
              amount: 1025,
              parts: [
                { basis: 'quote', coinAmount: '0.025', rate: '2000', amount: 50 },
                { basis: 'arrival', coinAmount: '0.975', rate: '1000', amount: 975 },
              ],
            }),
          ],
        },
      },
    });
    renderPageWithQuery(<ChainsPage />);
    const table = await screen.findByRole('table', { name: 'On-chain deposits, newest first' });
    const [row] = within(table).getAllByRole('row').slice(1);
    expect(row).toHaveTextContent('$1,025.00');
    expect(
      within(within(row!).getByRole('list', { name: 'How this amount is priced' }))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      '0.025 Ethereum at the quoted $2,000.00 = $50.00',
      '0.975 Ethereum at $1,000.00, the rate when it arrived = $975.00',
    ]);
  });

  it('closes an incident with what the operator found and did, asking for it first', async () => {
    const open = {
      id: '7',
      chain: 'litecoin',
      kind: 'credited-payment-reorged',
      paymentId: '3',
      details: { txHash: 'ab12' },
      createdAt: '2026-11-24T11:00:00.000Z',
      resolvedAt: null,
      resolvedBy: null,
      resolution: null,
    };
    const resolved = {
      ...open,
      resolvedAt: '2026-11-24T12:00:00.000Z',
      resolvedBy: 'ops@example.com',
      resolution: 'Re-mined in block 90',
    };
    let closed = false;
    const api = fakeApi({
      'GET /api/admin/chains': { status: 200, body: { chains: [] } },
      'GET /api/admin/chain-payments': { status: 200, body: { payments: [] } },
      'GET /api/admin/chain-incidents': () => ({ status: 200, body: { incidents: [closed ? resolved : open] } }),
      'POST /api/admin/chain-incidents/7/resolve': () => {
        closed = true;
        return { status: 200, body: { incident: resolved } };
      },
    });
    const user = userEvent.setup();
    renderPageWithQuery(<ChainsPage />);
    await user.click(await screen.findByRole('button', { name: 'Mark resolved' }));
    const dialog = screen.getByRole('dialog', { name: 'Close this incident' });
    await user.click(within(dialog).getByRole('button', { name: 'Mark resolved' }));
    expect(within(dialog).getByText('Say what you found and what you did.')).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox'), 'Re-mined in block 90');
    await user.click(within(dialog).getByRole('button', { name: 'Mark resolved' }));
    expect(await screen.findByText('Incident closed.')).toBeInTheDocument();
    expect(api.received.filter((request) => request.method === 'POST')).toEqual([
      { method: 'POST', url: '/api/admin/chain-incidents/7/resolve', body: { resolution: 'Re-mined in block 90' } },
    ]);
    expect(await screen.findByText(/Closed by ops@example.com .*Re-mined in block 90/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Mark resolved' })).not.toBeInTheDocument();
  });
});
