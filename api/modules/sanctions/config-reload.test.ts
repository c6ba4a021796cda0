import { mkdtempSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { signUpInvestor } from '../../test/fixtures';
import { useTestApp } from '../../test/test-app';
import { createSanctionsService } from './sanctions.service';

const dir = mkdtempSync(join(tmpdir(), 'sanctions-lists-'));
const file = join(dir, 'sanctioned_ETH.txt');
const evmAddress = () => `0x${randomBytes(20).toString('hex')}`;
/** Writes the list file with a given modification time, as an operator's update (or a copy) would leave it. */
function writeList(addresses: string[], mtimeSeconds: number) {
  writeFileSync(file, `# from the operator's feed\n${addresses.join('\n')}\n`);
  utimesSync(file, mtimeSeconds, mtimeSeconds);
}

describe('a sanctions list named in operator.config.json', () => {
  const app = useTestApp({ operator: { sanctionsLists: { ethereum: file } } });
  const stored = () => app.db('sanctioned_addresses').where({ list: 'ethereum' }).pluck('address');

  it('is loaded once per file version, again when the file changes, by one replica of several', async () => {
    const first = [evmAddress(), evmAddress()];
    writeList(first, 1_800_000_000);
    const replica = createSanctionsService(app.deps);
    const loaded = await replica.reloadConfiguredLists();
    expect(loaded).toMatchObject([{ chain: 'ethereum', addresses: 2 }]);
    expect((await stored()).sort()).toEqual(first.sort());
    expect(await app.db('sanctions_lists').where({ list: 'ethereum' }).first()).toMatchObject({ source: 'config' });
    // The same version again: nothing to do.
    expect(await replica.reloadConfiguredLists()).toEqual([]);

    // A new version, seen by two replicas' jobs at once: one loads it, and it screens what is stored.
    const investor = await signUpInvestor(app);
    const address = evmAddress();
    expect((await investor.client.put('/api/update-profile', { ethereumAddress: address })).status).toBe(200);
    writeList([address], 1_800_000_060);
    const other = createSanctionsService(app.deps);
    const results = await Promise.all([replica.reloadConfiguredLists(), other.reloadConfiguredLists()]);
    expect(results.flat()).toMatchObject([{ chain: 'ethereum', addresses: 1, newIncidents: 1 }]);
    expect(await stored()).toEqual([address]);
    expect(await app.db('audit_log').where({ action: 'sanctions_list.load' })).toHaveLength(2);
    expect(await app.db('sanctions_incidents').where({ subject_id: investor.user.id })).toHaveLength(1);

    // A broken version is not loaded: the list in force stays, and a later good version is.
    writeFileSync(file, 'not an address\n');
    utimesSync(file, 1_800_000_120, 1_800_000_120);
    expect(await replica.reloadConfiguredLists()).toEqual([]);
    expect(await stored()).toEqual([address]);
  });
});
