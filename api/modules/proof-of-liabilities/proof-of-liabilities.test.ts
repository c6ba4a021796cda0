import { describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import type { Knex } from 'knex';
import { buildLevels, checkProof, toHex, type LiabilityProof } from '../../contracts/liability-tree';
import { signUpInvestor, useAdminApp } from '../../test/fixtures';
import { fundInvestor } from '../../test/receipts';
import { postTransfer } from '../ledger/ledger.service';
import { liabilityRepo } from './proof-of-liabilities.repo';
import { takeSnapshot } from './proof-of-liabilities.service';
import { liabilitySnapshotViolations } from './snapshot-check';
import { scheduleLiabilitySnapshots } from './snapshot-job';
import { leafNode, packUpperNodes, rowLeaf, sha256 } from './tree-blocks';

const verify = (proof: LiabilityProof) => checkProof(proof, async (bytes) => sha256(bytes));

describe('proof of liabilities', () => {
  const setup = useAdminApp();

  it('lets an investor prove that the balance /asset shows is in the total an admin published', async () => {
    const { app, admin, adminId } = setup;
    const investor = await signUpInvestor(app);
    await fundInvestor(app, investor, admin, 250.5);
    await investor.client.post('/api/investments', { planId: 1, amount: 100 });
    const other = await signUpInvestor(app);
    await fundInvestor(app, other, admin, 60);

    const created = await admin.post('/api/admin/proof-of-liabilities');
    expect(created.status).toBe(201);
    const { snapshot } = created.body;
    expect(snapshot).toEqual({
      id: expect.any(Number),
      version: 2,
      root: expect.stringMatching(/^[0-9a-f]{64}$/),
      total: 310.5,
      totalCents: 31050,
      investors: 2,
      takenAt: expect.any(String),
    });
    const audit = await app.db('audit_log').where({ action: 'liability_snapshot.create' }).first();
    expect(audit).toMatchObject({ actor_id: adminId, subject_id: String(snapshot.id) });

    const published = await app.client().get('/api/proof-of-liabilities');
    expect(published.body.snapshots[0]).toEqual(snapshot);

    const mine = await investor.client.get(`/api/proof-of-liabilities/${snapshot.id}/my-proof`);
    expect(mine.status).toBe(200);
    const assets = await investor.client.get('/api/assets');
    expect(mine.body.balanceCents).toBe(Math.round(assets.body.holdings.total * 100));
    expect(mine.body.balanceCents).toBe(25050);
    expect(Object.keys(mine.body).sort()).toEqual([
      'balanceCents',
      'leaves',
      'root',
      'snapshotId',
      'total',
      'totalCents',
      'userKey',
      'version',
    ]);
    expect(mine.body).toMatchObject({ version: 2, root: snapshot.root });
    // Two leaves of random shares adding up to the balance, each with its path up the four-leaf tree.
    expect(mine.body.leaves).toHaveLength(2);
    expect(mine.body.leaves.reduce((sum: number, leaf: { cents: number }) => sum + leaf.cents, 0)).toBe(25050);
    for (const leaf of mine.body.leaves) {
      expect(Object.keys(leaf).sort()).toEqual(['cents', 'path', 'salt']);
      expect(leaf.path).toHaveLength(2);
    }
    expect(await verify(mine.body)).toEqual({ ok: true });

    // Tampering with a share, leaving a leaf out, or using these paths under a later snapshot's root, fails.
    const [first, second] = mine.body.leaves;
    expect((await verify({ ...mine.body, leaves: [first, { ...second, cents: second.cents + 1 }] })).ok).toBe(false);
    expect((await verify({ ...mine.body, leaves: [first], balanceCents: first.cents })).ok).toBe(false);
    const later = (await admin.post('/api/admin/proof-of-liabilities')).body.snapshot;
    expect(later.root).not.toBe(snapshot.root);
    expect((await verify({ ...mine.body, snapshotId: later.id, root: later.root })).ok).toBe(false);
    const laterProof = (await investor.client.get(`/api/proof-of-liabilities/${later.id}/my-proof`)).body;
    expect(laterProof.userKey).toBe(mine.body.userKey);
    expect(laterProof.leaves[0].salt).not.toBe(mine.body.leaves[0].salt);
    expect(await verify(laterProof)).toEqual({ ok: true });
  });

  it('answers 404 for an unknown snapshot or one taken before the investor signed up, and refuses others', async () => {
    const { app, admin } = setup;
    const { snapshot } = (await admin.post('/api/admin/proof-of-liabilities')).body;
    const newcomer = await signUpInvestor(app);
    expect((await newcomer.client.get(`/api/proof-of-liabilities/${snapshot.id}/my-proof`)).status).toBe(404);
    expect((await newcomer.client.get('/api/proof-of-liabilities/999999/my-proof')).status).toBe(404);
    expect((await newcomer.client.get('/api/proof-of-liabilities/abc/my-proof')).status).toBe(404);
    expect((await app.client().get(`/api/proof-of-liabilities/${snapshot.id}/my-proof`)).status).toBe(401);
    expect((await newcomer.client.post('/api/admin/proof-of-liabilities')).status).toBe(403);
  });

  it('reads every balance at one ledger point while transfers keep committing', async () => {
    const { app, admin } = setup;
    const investors = await Promise.all([0, 1, 2].map(() => signUpInvestor(app)));
    const deposit = (index: number) =>
      app.db.transaction((trx) =>
        postTransfer(trx, {
          idempotencyKey: `pol-race-${index}-${Math.random()}`,
          kind: 'deposit',
          subjectUserId: investors[index % 3]!.user.id,
          legs: [
            { account: { system: 'deposits_received' }, amountCents: -(index + 1) },
            { account: { owner: investors[index % 3]!.user.id, kind: 'available' }, amountCents: index + 1 },
          ],
          at: new Date(),
        }),
      );
    const writers = Array.from({ length: 120 }, (_, index) => deposit(index));
    const snapshots = [takeSnapshot(app.deps), takeSnapshot(app.deps)];
    await Promise.all([...writers, ...snapshots]);
    const taken = await Promise.all(snapshots);
    // Each snapshot is exact at its point: every leaf equals the ledger's entries up to that transaction id.
    expect(taken.some((one) => one.ledger_transaction_id > 0)).toBe(true);
    for (const one of taken) {
      const { rows } = await app.db.raw(
        `select coalesce(sum(e.amount_cents), 0) as total from ledger_entries e
         join ledger_accounts a on a.id = e.account_id and a.owner_id is not null where e.transaction_id <= ?`,
        [one.ledger_transaction_id],
      );
      expect(one.total_cents).toBe(Number(rows[0].total));
    }
    expect(await liabilitySnapshotViolations(app.db)).toEqual([]);
    void admin;
  });

  it('answers that no reserves are listed when the operator configured no chains', async () => {
    const { body } = await setup.app.client().get('/api/proof-of-liabilities/reserves');
    expect(body).toMatchObject({ configured: false, addresses: [], total: 0 });
  });

  it('never lets a published snapshot or leaf change', async () => {
    const { app, admin } = setup;
    const { snapshot } = (await admin.post('/api/admin/proof-of-liabilities')).body;
    await expect(app.db('liability_snapshots').where({ id: snapshot.id }).update({ total_cents: 0 })).rejects.toThrow(
      /append-only/,
    );
    await expect(app.db('liability_snapshots').where({ id: snapshot.id }).del()).rejects.toThrow(/append-only/);
    await expect(app.db('liability_leaves').where({ snapshot_id: snapshot.id }).update({ cents: 1 })).rejects.toThrow(
      /append-only/,
    );
    await expect(app.db('liability_leaves').where({ snapshot_id: snapshot.id }).del()).rejects.toThrow(/append-only/);
    await expect(app.db.raw('truncate liability_leaves')).rejects.toThrow(/append-only/);
  });

  it('takes one daily snapshot however many replicas run the job', async () => {
    const { app } = setup;
    const day = new Date('2031-05-04T10:00:00Z');
    const clock = { now: () => day };
    const stops = [0, 1, 2].map(() => scheduleLiabilitySnapshots({ ...app.deps, clock }, 60_000));
    try {
      await expect
        .poll(
          async () =>
            app
              .db('liability_snapshots')
              .where({ daily_key: '2031-05-04' })
              .count({ n: '*' })
              .then(([row]) => Number(row!.n)),
          {
            timeout: 10_000,
          },
        )
        .toBe(1);
      await Promise.all([
        takeSnapshot({ ...app.deps, clock }, { dailyKey: '2031-05-05' }),
        takeSnapshot({ ...app.deps, clock }, { dailyKey: '2031-05-05' }),
      ]).then(
        () => expect.unreachable('two snapshots for one day'),
        (error) => expect(error.code).toBe('23505'),
      );
      const rows = await app.db('liability_snapshots').whereIn('daily_key', ['2031-05-04', '2031-05-05']).select('id');
      expect(rows).toHaveLength(2);
      const leafless = await app.db.raw(
        'select s.id from liability_snapshots s where not exists (select 1 from liability_leaves l where l.snapshot_id = s.id)',
      );
      expect(leafless.rows).toEqual([]);
    } finally {
      stops.forEach((stop) => stop());
    }
  });

  it('still serves and checks a version 1 snapshot taken before balances were split', async () => {
    const { app, admin } = setup;
    const investor = await signUpInvestor(app);
    await fundInvestor(app, investor, admin, 75);
    const snapshot = await insertVersion1Snapshot(app.db);
    const proof = await investor.client.get(`/api/proof-of-liabilities/${snapshot.id}/my-proof`);
    expect(proof.body).toMatchObject({ version: 1, balanceCents: 7500, leaves: [{ cents: 7500 }] });
    expect(await verify(proof.body)).toEqual({ ok: true });
    const published = (await app.client().get('/api/proof-of-liabilities')).body.snapshots;
    expect(published.find((one: { id: number }) => one.id === snapshot.id)).toMatchObject({ version: 1 });
    expect(await liabilitySnapshotViolations(app.db)).toEqual([]);
  });

  it('makes ledger:check fail when a leaf is changed behind the triggers’ back', async () => {
    const { app, admin } = setup;
    const investor = await signUpInvestor(app);
    await fundInvestor(app, investor, admin, 50);
    const { snapshot } = (await admin.post('/api/admin/proof-of-liabilities')).body;
    expect(await liabilitySnapshotViolations(app.db)).toEqual([]);
    const userId = investor.user.id;
    await app.db.transaction(async (trx) => {
      await trx.raw('alter table liability_leaves disable trigger liability_leaves_no_update_delete');
      await trx('liability_leaves')
        .where({ snapshot_id: snapshot.id, user_id: userId, part: 0 })
        .update({ salt: 'f'.repeat(32) });
      await trx.raw('alter table liability_leaves enable trigger liability_leaves_no_update_delete');
    });
    expect(await liabilitySnapshotViolations(app.db)).toEqual([
      expect.stringMatching(/do not rebuild its published root/),
    ]);
    await app.db.transaction(async (trx) => {
      await trx.raw('alter table liability_leaves disable trigger liability_leaves_no_update_delete');
      await trx('liability_leaves').where({ snapshot_id: snapshot.id, user_id: userId, part: 1 }).update({ cents: 1 });
      await trx.raw('alter table liability_leaves enable trigger liability_leaves_no_update_delete');
    });
    const problems = await liabilitySnapshotViolations(app.db);
    expect(problems).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/do not rebuild/),
        expect.stringMatching(/sum to/),
        expect.stringMatching(/differing from the ledger/),
      ]),
    );
  });
});

describe('proof of liabilities with two investors', () => {
  const setup = useAdminApp();

  it('never hands one investor the other’s exact balance as the sibling of a leaf', async () => {
    const { app, admin } = setup;
    const investors = [await signUpInvestor(app), await signUpInvestor(app)];
    await fundInvestor(app, investors[0]!, admin, 250.5);
    await fundInvestor(app, investors[1]!, admin, 60);
    const balances = [25050, 6000];
    for (let run = 0; run < 20; run++) {
      const { snapshot } = (await admin.post('/api/admin/proof-of-liabilities')).body;
      expect(snapshot.investors).toBe(2);
      for (const [index, investor] of investors.entries()) {
        const proof = (await investor.client.get(`/api/proof-of-liabilities/${snapshot.id}/my-proof`)).body;
        expect(proof.leaves.length).toBeGreaterThanOrEqual(2);
        expect(proof.balanceCents).toBe(balances[index]);
        for (const leaf of proof.leaves) expect(leaf.path[0].sum).not.toBe(balances[1 - index]);
      }
      // Neither investor's two leaves are siblings: their parent would be that investor's balance.
      const leaves = await app.db('liability_leaves').where({ snapshot_id: snapshot.id }).orderBy('position');
      expect(leaves).toHaveLength(4);
      expect(leaves[0].user_id).not.toBe(leaves[1].user_id);
      expect(leaves[2].user_id).not.toBe(leaves[3].user_id);
    }
    expect(await liabilitySnapshotViolations(app.db)).toEqual([]);
  });
});

/** A snapshot as the code before the split stored it: one leaf per investor, its cents the whole balance. */
async function insertVersion1Snapshot(db: Knex) {
  const { point, balances } = await db.transaction((trx) => liabilityRepo.liabilitiesAtOnePoint(trx));
  const keys = await db.transaction((trx) =>
    liabilityRepo.userKeys(
      trx,
      balances.map((row) => row.userId),
    ),
  );
  const id = await db.transaction((trx) => liabilityRepo.nextSnapshotId(trx));
  const leaves = balances.map((balance, position) => ({
    position,
    user_id: balance.userId,
    user_key: keys.get(balance.userId)!,
    part: 0,
    salt: randomBytes(16).toString('hex'),
    cents: balance.cents,
  }));
  const version1 = { encoding: 1, leaves_per_investor: 1 } as const;
  const levels = buildLevels(
    leaves.map((leaf) => leafNode(id, rowLeaf(version1, leaf))),
    sha256,
  );
  const top = levels.at(-1)![0]!;
  const snapshot = {
    id,
    ledger_transaction_id: point,
    root: toHex(top.hash),
    total_cents: top.sum,
    investors: leaves.length,
    taken_at: new Date(),
    ...version1,
  };
  await db.transaction(async (trx) => {
    await liabilityRepo.insertSnapshot(trx, {
      ...snapshot,
      daily_key: null,
      taken_by: null,
      upper_nodes: packUpperNodes(levels),
    });
    await liabilityRepo.insertLeaves(trx, id, leaves);
  });
  return snapshot;
}
