import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi } from '../../../test/fake-api';
import { renderPageWithQuery } from '../../../test/render-page';
import { ProofOfLiabilitiesPage } from './proof-of-liabilities-page';

const snapshots = [
  {
    id: 2,
    version: 2,
    root: 'ab'.repeat(32),
    total: 1234.5,
    totalCents: 123450,
    investors: 3,
    takenAt: '2026-11-21T00:05:00.000Z',
  },
  {
    id: 1,
    version: 1,
    root: 'cd'.repeat(32),
    total: 1000,
    totalCents: 100000,
    investors: 2,
    takenAt: '2026-11-20T00:05:00.000Z',
  },
];
const noChains = { configured: false, addresses: [], total: 0, liabilities: 1234.5, ratio: null, snapshotId: 2 };

describe('/proof-of-liabilities', () => {
  it('shows the latest root, total and investor count, the history and how to check it', async () => {
    fakeApi({
      'GET /api/proof-of-liabilities': { status: 200, body: { snapshots } },
      'GET /api/proof-of-liabilities/reserves': { status: 200, body: noChains },
    });
    renderPageWithQuery(<ProofOfLiabilitiesPage />);
    const latest = await screen.findByRole('region', { name: 'Latest snapshot' });
    expect(within(latest).getByText('$1,234.50')).toBeInTheDocument();
    expect(within(latest).getByText('ab'.repeat(32))).toBeInTheDocument();
    expect(within(latest).getByText('3')).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: /^Download JSON/ })).toHaveLength(2);
    expect(screen.getByRole('heading', { name: 'How it works' })).toBeInTheDocument();
    expect(screen.getByText(/^Each balance is split into two parts of random amounts/)).toBeInTheDocument();
    expect(screen.getByText(/^Why split each balance\? A proof shows the leaf next to yours/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download the verifier' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Reserves on chain' })).toBeNull();
  });

  it('shows reserves, their ratio to the liabilities and what they do not prove when chains are configured', async () => {
    fakeApi({
      'GET /api/proof-of-liabilities': { status: 200, body: { snapshots } },
      'GET /api/proof-of-liabilities/reserves': {
        status: 200,
        body: {
          configured: true,
          addresses: [
            { chain: 'ethereum', coin: 'ethereum', address: '0xabc', balance: '0.5', value: 1000 },
            { chain: 'litecoin', coin: 'litecoin', address: 'ltc1q', balance: null, value: null },
          ],
          total: null,
          liabilities: 1234.5,
          ratio: null,
          snapshotId: 2,
          asOf: '2026-11-21T01:00:00.000Z',
        },
      },
    });
    renderPageWithQuery(<ProofOfLiabilitiesPage />);
    expect(await screen.findByRole('heading', { name: 'Reserves on chain' })).toBeInTheDocument();
    expect(screen.getByText('0.5 ETHEREUM')).toBeInTheDocument();
    expect(screen.getByText(/is not counted unless we list those wallets here/)).toBeInTheDocument();
    // An address the node could not read leaves the total and ratio unavailable, never understated.
    expect(screen.getAllByText('unavailable').length).toBeGreaterThanOrEqual(4);
  });

  it('gives the ratio as a percentage', async () => {
    fakeApi({
      'GET /api/proof-of-liabilities': { status: 200, body: { snapshots } },
      'GET /api/proof-of-liabilities/reserves': {
        status: 200,
        body: { ...noChains, configured: true, addresses: [], total: 1300, ratio: 1300 / 1234.5 },
      },
    });
    renderPageWithQuery(<ProofOfLiabilitiesPage />);
    expect(await screen.findByText('105.3%')).toBeInTheDocument();
  });
});
