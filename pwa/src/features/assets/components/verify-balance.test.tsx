import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeApi } from '../../../test/fake-api';
import { renderPageWithQuery } from '../../../test/render-page';
import { VerifyBalance } from './verify-balance';

// Snapshot 9, version 2: alice $123.45 = 50.00 + 73.45, bob $0 = 0 + 0, carol $5,000.00 = 1,234.56 + 3,765.44, six
// leaves at positions alice·carol·bob·alice·carol·bob: root and paths computed by the API's builder and, independently,
// by Python's hashlib (api/modules/proof-of-liabilities/liability-tree.test.ts, docs/proof-of-liabilities.md).
const published = {
  id: 9,
  version: 2,
  root: '15036c08e41c098075e988716b50cab769813f7a35225aee8f500093a886fd8e',
  total: 5123.45,
  totalCents: 512345,
  investors: 3,
  takenAt: '2026-11-20T00:05:00.000Z',
};
const aliceProof = {
  version: 2,
  snapshotId: 9,
  root: published.root,
  total: published.total,
  totalCents: published.totalCents,
  userKey: 'alice',
  balanceCents: 12345,
  leaves: [
    {
      salt: '00112233445566778899aabbccddeeff',
      cents: 5000,
      path: [
        { hash: '2b08e554175dbab67360ae3d033e8716a99e92e598a68f65c2a0d0d32b8382b3', sum: 123456, side: 'right' },
        { hash: 'a17f0caa3d57c7b51fd9c720c99ce029db62d80bcb2fecd85e7fd7c9473da0b5', sum: 7345, side: 'right' },
        { hash: '326db205be41ca68d7a99d52c7066368f4a48992936c64e455ecf28684a798df', sum: 376544, side: 'right' },
      ],
    },
    {
      salt: 'a0a1a2a3a4a5a6a7a8a9aaabacadaeaf',
      cents: 7345,
      path: [
        { hash: 'a14598e731613927cd9125fbaaef5dc1cf21e4e873dd3fb2192e2a1359d63fbf', sum: 0, side: 'left' },
        { hash: 'a983fc69f85a7315fc91f24c6d7d7f5bba1d05a14bb8ba524f555305f0c949fe', sum: 128456, side: 'left' },
        { hash: '326db205be41ca68d7a99d52c7066368f4a48992936c64e455ecf28684a798df', sum: 376544, side: 'right' },
      ],
    },
  ],
};
const [firstLeaf, secondLeaf] = aliceProof.leaves as [(typeof aliceProof.leaves)[0], (typeof aliceProof.leaves)[0]];

async function verifyWith(proof: unknown, snapshots: unknown[] = [published], proofStatus = 200) {
  const api = fakeApi({
    'GET /api/proof-of-liabilities': { status: 200, body: { snapshots } },
    'GET /api/proof-of-liabilities/9/my-proof': { status: proofStatus, body: proof },
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
    ['a share', { ...aliceProof, leaves: [firstLeaf, { ...secondLeaf, cents: 7346 }], balanceCents: 12346 }],
    ['a salt', { ...aliceProof, leaves: [{ ...firstLeaf, salt: '00112233445566778899aabbccddeefe' }, secondLeaf] }],
    [
      'a sibling sum',
      {
        ...aliceProof,
        leaves: [
          firstLeaf,
          { ...secondLeaf, path: [secondLeaf.path[0], { ...secondLeaf.path[1], sum: 128455 }, secondLeaf.path[2]] },
        ],
      },
    ],
    ['the root the proof names', { ...aliceProof, root: 'ab'.repeat(32) }],
    ['the balance the proof states', { ...aliceProof, balanceCents: 12346 }],
    ['the leaves (one left out)', { ...aliceProof, leaves: [firstLeaf], balanceCents: 5000 }],
    [
      'the leaves (one left out, as version 1)',
      { ...aliceProof, version: 1, leaves: [secondLeaf], balanceCents: 7345 },
    ],
  ])('says loudly that it is not verified when %s differs', async (_, proof) => {
    await verifyWith(proof);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Your balance could NOT be verified against the published total.',
    );
    expect(screen.queryByText(/is included in the published total/)).toBeNull();
  });

  it('fails a path from another snapshot against the published root', async () => {
    await verifyWith({ ...aliceProof, snapshotId: 8 }, [{ ...published, id: 9 }]);
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
