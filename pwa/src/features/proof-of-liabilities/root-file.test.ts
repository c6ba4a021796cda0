import { describe, expect, it } from 'vitest';
import { rootFile } from './root-file';

const snapshot = {
  id: 3,
  root: 'ab'.repeat(32),
  total: 10,
  totalCents: 1000,
  investors: 2,
  takenAt: '2026-11-21T00:05:00.000Z',
};

describe('a snapshot’s root file', () => {
  it('spells out the leaf encoding its version used: split into parts from version 2, whole balances before', () => {
    const split = rootFile({ ...snapshot, version: 2 });
    expect(split).toMatchObject({ snapshotId: 3, version: 2, root: snapshot.root, totalCents: 1000 });
    expect(split.encoding.leaf).toContain('u64be(part) || u64be(parts) || u64be(cents)');
    expect(split.encoding.padding).toContain("never one investor's two leaves as siblings");
    const whole = rootFile({ ...snapshot, version: 1 });
    expect(whole.encoding.leaf).toContain('utf8(userKey) || u64be(cents)), sum = cents; one leaf per investor');
  });
});
