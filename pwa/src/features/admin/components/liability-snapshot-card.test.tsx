import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeApi } from '../../../test/fake-api';
import { renderPageWithQuery } from '../../../test/render-page';
import { LiabilitySnapshotCard } from './liability-snapshot-card';

const snapshot = (id: number, total: number) => ({
  id,
  root: 'ab'.repeat(32),
  total,
  totalCents: total * 100,
  investors: 1200,
  takenAt: '2026-11-21T00:05:00.000Z',
});

describe('the admin’s proof-of-liabilities card', () => {
  it('shows the latest snapshot and takes one on demand, then shows it', async () => {
    const api = fakeApi({
      'GET /api/proof-of-liabilities': [
        { status: 200, body: { snapshots: [snapshot(1, 5000)] } },
        { status: 200, body: { snapshots: [snapshot(2, 7000), snapshot(1, 5000)] } },
      ],
      'POST /api/admin/proof-of-liabilities': { status: 201, body: { snapshot: snapshot(2, 7000) } },
    });
    renderPageWithQuery(<LiabilitySnapshotCard />);
    expect(await screen.findByText(/^Latest snapshot: \$5,000\.00 owed to 1,200 investors/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Take a snapshot now' }));
    expect(await screen.findByText('Snapshot 2 is published.')).toBeInTheDocument();
    expect(await screen.findByText(/^Latest snapshot: \$7,000\.00/)).toBeInTheDocument();
    expect(api.received.filter((request) => request.method === 'POST')).toHaveLength(1);
  });
});
