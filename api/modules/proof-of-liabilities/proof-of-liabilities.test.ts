import { describe, expect, it } from 'vitest';
import { checkProof, type LiabilityProof } from '../../contracts/liability-tree';
import { signUpInvestor, useAdminApp } from '../../test/fixtures';
import { fundInvestor } from '../../test/receipts';
import { postTransfer } from '../ledger/ledger.service';
import { takeSnapshot } from './proof-of-liabilities.service';
import { liabilitySnapshotViolations } from './snapshot-check';
import { scheduleLiabilitySnapshots } from './snapshot-job';
import { sha256 } from './tree-blocks';

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
    expect(mine.body.leaf.cents).toBe(Math.round(assets.body.holdings.total * 100));
    expect(mine.body.leaf.cents).toBe(25050);
    expect(Object.keys(mine.body).sort()).toEqual(['leaf', 'path', 'root', 'snapshotId', 'total', 'totalCents']);
    expect(mine.body.root).toBe(snapshot.root);
    expect(mine.body.path).toHaveLength(1);
    expect(await verify(mine.body)).toEqual({ ok: true });

    // Tampering with the leaf, or using this path under a later snapshot's root, fails.
    expect((await verify({ ...mine.body, leaf: { ...mine.body.leaf, cents: 25051 } })).ok).toBe(false);
    const later = (await admin.post('/api/admin/proof-of-liabilities')).body.snapshot;
    expect(later.root).not.toBe(snapshot.root);
    expect((await verify({ ...mine.body, snapshotId: later.id, root: later.root })).ok).toBe(false);
    const laterProof = (await investor.client.get(`/api/proof-of-liabilities/${later.id}/my-proof`)).body;
    expect(laterProof.leaf.userKey).toBe(mine.body.leaf.userKey);
    expect(laterProof.leaf.salt).not.toBe(mine.body.leaf.salt);
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
        .where({ snapshot_id: snapshot.id, user_id: userId })
        .update({ salt: 'f'.repeat(32) });
      await trx.raw('alter table liability_leaves enable trigger liability_leaves_no_update_delete');
    });
    expect(await liabilitySnapshotViolations(app.db)).toEqual([
      expect.stringMatching(/do not rebuild its published root/),
    ]);
    await app.db.transaction(async (trx) => {
      await trx.raw('alter table liability_leaves disable trigger liability_leaves_no_update_delete');
      await trx('liability_leaves').where({ snapshot_id: snapshot.id, user_id: userId }).update({ cents: 1 });
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
