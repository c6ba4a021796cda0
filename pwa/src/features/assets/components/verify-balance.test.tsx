import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeApi } from '../../../test/fake-api';
import { renderPageWithQuery } from '../../../test/render-page';
import { VerifyBalance } from './verify-balance';

// Snapshot 7 of three leaves (alice $123.45, bob $0, carol $5,000.00): root and path computed by the API's builder
// and, independently, by Python's hashlib (api/modules/proof-of-liabilities/liability-tree.test.ts).
const published = {
  id: 7,
  root: 'c59dd9d143a96b52f17a1671e728f1fd3cb3e4dee81de255424a9525846d0d2d',
  total: 5123.45,
  totalCents: 512345,
  investors: 3,
  takenAt: '2026-11-20T00:05:00.000Z',
};
const aliceProof = {
  snapshotId: 7,
  root: published.root,
  total: published.total,
  totalCents: published.totalCents,
  leaf: { salt: '00112233445566778899aabbccddeeff', cents: 12345, userKey: 'alice' },
  path: [
    { hash: 'c3a07b3ea04bf9df74f7c37efa195daa7df87d29309aeb0d6c8ad9a552289ab4', sum: 0, side: 'right' },
    { hash: '9cf9b6c80057caa2b19c9cfb46c70d17dc022b0fb516791a8daf6f4605123242', sum: 500000, side: 'right' },
  ],
};

async function verifyWith(proof: unknown, snapshots: unknown[] = [published], proofStatus = 200) {
  const api = fakeApi({
    'GET /api/proof-of-liabilities': { status: 200, body: { snapshots } },
    'GET /api/proof-of-liabilities/7/my-proof': { status: proofStatus, body: proof },
  });
  renderPageWithQuery(<VerifyBalance />);
  await userEvent.click(screen.getByRole('button', { name: 'Verify my balance' }));
  return api;
}

describe('Verify my balance', () => {
  it('recomputes the published root in the browser and says the balance is included', async () => {
    await verifyWith(aliceProof);
    expect(
      await screen.findByText(/^Your \$123\.45 is included in the published total of \$5,123\.45 \(snapshot of/),
    ).toHaveAttribute('role', 'status');
    expect(screen.getByRole('button', { name: 'Download my proof' })).toBeInTheDocument();
    expect(screen.getByText(new RegExp(`--root ${published.root}`))).toBeInTheDocument();
  });

  it.each([
    ['cents', { ...aliceProof, leaf: { ...aliceProof.leaf, cents: 12346 } }],
    ['salt', { ...aliceProof, leaf: { ...aliceProof.leaf, salt: '00112233445566778899aabbccddeefe' } }],
    ['sibling sum', { ...aliceProof, path: [aliceProof.path[0], { ...aliceProof.path[1], sum: 400000 }] }],
    ['root the proof names', { ...aliceProof, root: 'ab'.repeat(32) }],
  ])('says loudly that it is not verified when the %s differs', async (_, proof) => {
    await verifyWith(proof);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Your balance could NOT be verified against the published total.',
    );
    expect(screen.queryByText(/is included in the published total/)).toBeNull();
  });

  it('fails a path from another snapshot against the published root', async () => {
    await verifyWith({ ...aliceProof, snapshotId: 8 }, [{ ...published, id: 7 }]);
    expect(await screen.findByRole('alert')).toHaveTextContent('could NOT be verified');
  });

  it('explains when no snapshot exists yet', async () => {
    await verifyWith(aliceProof, []);
    expect(await screen.findByText(/No snapshot has been published yet/)).toBeInTheDocument();
  });

  it('explains when the investor is not in the latest snapshot', async () => {
    await verifyWith({ message: 'You are not in this snapshot' }, [published], 404);
    expect(await screen.findByText(/taken before your account existed/)).toBeInTheDocument();
  });
});
