import { beforeAll, describe, expect, it } from 'vitest';
import { chainsSchema } from '../../config/chains';
import { testXpub } from '../../test/chain-keys';
import { signInAdmin } from '../../test/fixtures';
import { useTestApp } from '../../test/test-app';
import type { TestClient } from '../../test/test-client';
import { alertOperatorsOfWatcherTrouble } from './watcher-alerts';

const minute = 60_000;

interface View {
  kind: string;
  title: string;
  body: string;
  link: string;
}

describe('chain watcher alerts to the operators', () => {
  // Never contacted: the tests write the watchers' status rows themselves.
  const app = useTestApp({
    operator: {
      chains: chainsSchema.parse({
        // Polls every 15 s: stalled after max(10 × 15 s, 5 min) = 5 minutes.
        ethereum: {
          kind: 'evm',
          rpcUrl: 'http://127.0.0.1:9/',
          xpub: testXpub("m/44'/60'/0'"),
          coins: { ethereum: { native: true } },
        },
        // Polls every 90 s: stalled after 15 minutes.
        litecoin: {
          kind: 'utxo',
          rpcUrl: 'http://127.0.0.1:9/',
          xpub: testXpub("m/44'/2'/0'"),
          pollSeconds: 90,
        },
      }),
    },
  });
  let admins: TestClient[];

  beforeAll(async () => {
    admins = [(await signInAdmin(app)).client, (await signInAdmin(app)).client];
  });

  const chainNotices = async (admin: TestClient) =>
    ((await admin.get('/api/notifications')).body.notifications as View[]).filter(
      (notification) => notification.kind === 'operator.chain',
    );
  const setStatus = (chain: string, fields: { last_scan_at: Date | null; last_error: string | null }) =>
    app
      .db('chain_scanners')
      .insert({ chain, scanned_height: 100, tip_height: 100, ...fields })
      .onConflict('chain')
      .merge(['last_scan_at', 'last_error']);
  const ago = (ms: number) => new Date(app.clock.now().getTime() - ms);
  const alert = () => alertOperatorsOfWatcherTrouble(app.deps);
  const clear = async () => {
    await app.db('notifications').where({ kind: 'operator.chain' }).delete();
    await app.db('chain_scanners').delete();
  };

  it('says nothing of healthy watchers, nor of chains without a status yet', async () => {
    await clear();
    await alert();
    await setStatus('ethereum', { last_scan_at: ago(4 * minute), last_error: null });
    await setStatus('litecoin', { last_scan_at: ago(14 * minute), last_error: null });
    await alert();
    for (const admin of admins) expect(await chainNotices(admin)).toEqual([]);
  });

  it('tells each admin once that a watcher is failing, however often it checks', async () => {
    await clear();
    await setStatus('ethereum', { last_scan_at: ago(1 * minute), last_error: 'connect ECONNREFUSED 127.0.0.1:9' });
    await alert();
    await alert();
    app.clock.advance(1 * minute);
    await alert();
    for (const admin of admins) {
      expect(await chainNotices(admin)).toEqual([
        expect.objectContaining({
          title: 'Ethereum watcher needs attention',
          body: 'The Ethereum chain watcher is failing: connect ECONNREFUSED 127.0.0.1:9. On-chain deposits are not credited until it works again.',
          link: '/admin/chains',
        }),
      ]);
    }
    // Still failing long after: the same episode, no second notice (failing, not stalled).
    app.clock.advance(30 * minute);
    await alert();
    for (const admin of admins) expect(await chainNotices(admin)).toHaveLength(1);

    // It recovers (a good scan), then fails again: a new episode, a new notice.
    await setStatus('ethereum', { last_scan_at: app.clock.now(), last_error: null });
    await alert();
    for (const admin of admins) expect(await chainNotices(admin)).toHaveLength(1);
    app.clock.advance(1 * minute);
    await setStatus('ethereum', { last_scan_at: ago(1 * minute), last_error: 'timeout' });
    await alert();
    for (const admin of admins) {
      const notices = await chainNotices(admin);
      expect(notices).toHaveLength(2);
      expect(notices[0]!.body).toBe(
        'The Ethereum chain watcher is failing: timeout. On-chain deposits are not credited until it works again.',
      );
    }
  });

  it('tells each admin once that a watcher stalled, after max(10 polls, 5 minutes) without a finished scan', async () => {
    await clear();
    await setStatus('ethereum', { last_scan_at: app.clock.now(), last_error: null });
    await setStatus('litecoin', { last_scan_at: app.clock.now(), last_error: null });
    app.clock.advance(4 * minute);
    await alert();
    for (const admin of admins) expect(await chainNotices(admin)).toEqual([]);

    app.clock.advance(1 * minute + 5_000);
    await alert();
    await alert();
    for (const admin of admins) {
      expect(await chainNotices(admin)).toEqual([
        expect.objectContaining({
          title: 'Ethereum watcher needs attention',
          body: 'The Ethereum chain watcher has not finished a scan for more than 5 minutes. On-chain deposits are not credited until it catches up.',
          link: '/admin/chains',
        }),
      ]);
    }

    // Litecoin polls every 90 s: 15 minutes.
    app.clock.advance(9 * minute);
    await alert();
    for (const admin of admins) expect(await chainNotices(admin)).toHaveLength(1);
    app.clock.advance(1 * minute);
    await alert();
    await alert();
    for (const admin of admins) {
      const notices = await chainNotices(admin);
      expect(notices.map((notice) => notice.body)).toEqual([
        'The Litecoin chain watcher has not finished a scan for more than 15 minutes. On-chain deposits are not credited until it catches up.',
        expect.stringMatching(/^The Ethereum chain watcher has not finished a scan for more than 5 minutes/),
      ]);
    }
    const rows = await app.db('notifications').where({ kind: 'operator.chain' });
    expect(rows).toHaveLength(4);
  });
});
