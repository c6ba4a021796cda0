import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createUtxoRpc } from '../modules/chain-deposits/utxo-rpc';

// Real nodes for the chain watcher's tests, each on free ports with a throwaway data directory.

const anvilBinary = resolve(import.meta.dirname, '../../node_modules/@foundry-rs/anvil-linux-amd64/bin/anvil');

export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as { port: number };
  await new Promise((done) => server.close(done));
  return port;
}

async function until<T>(what: string, probe: () => Promise<T>, process: ChildProcess, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (process.exitCode !== null) throw new Error(`${what} exited with ${process.exitCode}`);
    try {
      return await probe();
    } catch (error) {
      if (Date.now() > deadline) throw new Error(`${what} not ready: ${(error as Error).message}`);
      await new Promise((done) => setTimeout(done, 50));
    }
  }
}

function stopper(child: ChildProcess, dir?: string) {
  return async () => {
    if (child.exitCode === null) {
      const exited = new Promise((done) => child.once('exit', done));
      child.kill('SIGTERM');
      await exited;
    }
    if (dir) rmSync(dir, { recursive: true, force: true });
  };
}

/** An anvil node (automining; its default funded accounts), killed by `stop`. */
export async function startAnvil() {
  const port = await freePort();
  const child = spawn(anvilBinary, ['--port', String(port), '--host', '127.0.0.1', '--silent'], { stdio: 'ignore' });
  const url = `http://127.0.0.1:${port}`;
  await until(
    'anvil',
    async () => {
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }),
      });
      if (!response.ok) throw new Error(String(response.status));
    },
    child,
  );
  return { url, pid: child.pid!, stop: stopper(child) };
}

/**
 * litecoind in regtest with a legacy wallet holding 101 blocks of coinbase (so it can pay), killed by `stop`.
 * MWEB is pushed out of reach: it activates at height 432 in regtest and then breaks `generatetoaddress`.
 * `replacement` turns on BIP 125 replacement, which Litecoin Core leaves off by default (a fee bump needs it).
 * It keeps a transaction index (`-txindex=1`, as docs/on-chain-deposits.md asks of a node), so the watcher reads a
 * deposit's payers; `restart` starts it again with or without one.
 */
export async function startLitecoind({ replacement = false } = {}) {
  const [rpcPort, p2pPort] = [await freePort(), await freePort()];
  const dir = mkdtempSync(join(tmpdir(), 'litecoind-'));
  const url = `http://test:test@127.0.0.1:${rpcPort}`;
  const rpc = createUtxoRpc(url);
  const walletRpc = createUtxoRpc(`${url}/wallet/payer`);
  const launch = async (withTxindex: boolean) => {
    const child = spawn(
      '/usr/bin/litecoind',
      [
        '-regtest',
        `-datadir=${dir}`,
        '-server',
        '-rpcuser=test',
        '-rpcpassword=test',
        `-rpcport=${rpcPort}`,
        '-rpcbind=127.0.0.1',
        '-rpcallowip=127.0.0.1',
        `-port=${p2pPort}`,
        '-listen=0',
        '-fallbackfee=0.0001',
        '-vbparams=mweb:4000000000:4000000001',
        '-printtoconsole=0',
        `-mempoolreplacement=${replacement ? 1 : 0}`,
        `-txindex=${withTxindex ? 1 : 0}`,
      ],
      { stdio: 'ignore' },
    );
    await until('litecoind', () => rpc.call('getblockcount'), child);
    return child;
  };
  let child = await launch(true);
  await rpc.call('createwallet', 'payer', false, false, '', false, false);
  const miner = await walletRpc.call<string>('getnewaddress', '', 'legacy');
  await walletRpc.call('generatetoaddress', 101, miner);
  return {
    url,
    rpc,
    wallet: walletRpc,
    /** Mines `count` blocks to the wallet; returns their hashes. */
    mine: (count = 1) => walletRpc.call<string[]>('generatetoaddress', count, miner),
    /** Stops the node and starts it again on the same data and ports, its wallet loaded. */
    async restart(options: { txindex: boolean }) {
      await stopper(child)();
      child = await launch(options.txindex);
      await rpc.call('loadwallet', 'payer');
    },
    stop: () => stopper(child, dir)(),
  };
}
