import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseEther } from 'viem';
import { afterAll, expect, inject, it } from 'vitest';
import { withDatabase } from '../../test/database-target';
import { testXpub } from '../../test/chain-keys';
import { evmConfirmations, useEvmChain } from '../../test/evm-chain';
import { eventually } from '../../test/eventually';
import { ledgerViolations } from '../ledger/ledger.api';

const root = resolve(import.meta.dirname, '../../..');
const chain = useEvmChain();
const workDir = mkdtempSync(join(tmpdir(), 'replica-killed-'));
afterAll(() => rmSync(workDir, { recursive: true, force: true }));

/** The test database's address and pool mode, for a process of its own connecting as the app does. */
async function databaseEnv() {
  const { rows } = await chain.app.db.raw<{ rows: { name: string }[] }>('select current_database() as name');
  const target = inject('testDatabase');
  if (target.kind !== 'postgres') throw new Error('two replicas need PostgreSQL');
  return { DATABASE_URL: withDatabase(target.appServerUrl, rows[0]!.name), DATABASE_POOL_MODE: target.poolMode };
}

it('credits a payment inside its quote once, at the quote, after the replica that saw it is SIGKILLed and the market answers 5xx', async () => {
  const { quote, userId } = await chain.quoted(50);
  chain.upstream.state.mode = 'error';
  // Replica A: `npm run jobs` as a process of its own on the same database and node, polling every second.
  const operatorConfig = join(workDir, 'operator.json');
  const operator = JSON.parse(readFileSync(join(root, 'operator.config.json'), 'utf8'));
  const ethereum = chain.app.deps.config.operator.chains.ethereum!;
  writeFileSync(
    operatorConfig,
    JSON.stringify({
      ...operator,
      marketApiBaseUrl: chain.app.deps.config.operator.marketApiBaseUrl,
      chains: {
        ethereum: {
          kind: 'evm',
          rpcUrl: ethereum.rpcUrl,
          xpub: testXpub("m/44'/60'/0'"),
          confirmations: evmConfirmations,
          pollSeconds: 1,
          startHeight: ethereum.startHeight,
          coins: { ethereum: { native: true } },
        },
      },
    }),
  );
  const replica = spawn(process.execPath, ['--import', 'tsx', 'api/scripts/jobs.ts'], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      LOG_LEVEL: process.env.REPLICA_LOG_LEVEL ?? 'silent',
      ...(await databaseEnv()),
      OPERATOR_CONFIG: operatorConfig,
      DATA_DIR: workDir,
      JWT_SECRET: 'x'.repeat(40),
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  let gone = false;
  const exited = new Promise<NodeJS.Signals | null>((done) =>
    replica.once('exit', (_, signal) => {
      gone = true;
      done(signal);
    }),
  );
  try {
    await chain.payer.payEth(quote.address, parseEther(quote.coinAmount));
    const seen = await eventually(
      async () => {
        if (gone) throw new Error('replica A stopped on its own');
        return chain.app.db('chain_payments').where({ quote_id: quote.id }).first();
      },
      60_000,
      'replica A recording the payment',
    );
    expect(seen).toMatchObject({ status: 'seen', priced_by_quote: true });
  } finally {
    replica.kill('SIGKILL');
  }
  expect(await exited).toBe('SIGKILL');

  // Replica B takes over once the payment is confirmed, the quote's window long gone, the market still down.
  await chain.payer.mine(evmConfirmations);
  chain.app.clock.advance(45 * 60_000);
  const watcher = chain.watcher();
  // A's scanner lock goes with its connection, which PostgreSQL closes when it notices the process is gone.
  const pass = await eventually(
    async () => {
      const result = await watcher.pass();
      return result.ran ? result : undefined;
    },
    30_000,
    "replica A's scanner lock released",
  );
  expect(pass.credited).toBe(1);
  await watcher.pass();
  expect(await chain.available(userId)).toBe(5_000);
  const posted = await chain.app.db('ledger_transactions').where({ subject_user_id: userId, kind: 'deposit' });
  expect(posted).toHaveLength(1);
  expect(await ledgerViolations(chain.app.db)).toEqual([]);
}, 120_000);
