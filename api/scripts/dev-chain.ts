import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { createWalletClient, http, parseEther, type Address } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { foundry } from 'viem/chains';
import { startFakeMarketUpstream, upstreamCoin } from '../test/fake-market-upstream';
import { testXpub } from '../test/chain-keys';

/**
 * On-chain deposits locally, against anvil:
 *   npm run chain:dev                           starts anvil on :8545 and a local market at $2,000/ETH, and
 *                                               writes data/operator.chain-dev.json naming both
 *   OPERATOR_CONFIG=data/operator.chain-dev.json npm run dev     (in another terminal)
 *   npm run chain:dev -- pay <address> <eth>                      pays a quote from anvil's funded account
 * The receive addresses come from the public BIP39 test mnemonic ("abandon … about"): never use it for real money.
 */
const rpcUrl = 'http://127.0.0.1:8545';
const anvilPayerKey = '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80';
const root = resolve(import.meta.dirname, '../..');

if (process.argv[2] === 'pay') {
  const [to, eth] = process.argv.slice(3);
  if (!to || !eth) throw new Error('usage: dev-chain.ts pay <address> <eth>');
  const wallet = createWalletClient({
    account: privateKeyToAccount(anvilPayerKey),
    chain: foundry,
    transport: http(rpcUrl),
  });
  console.log(await wallet.sendTransaction({ to: to as Address, value: parseEther(eth) }));
} else {
  const operator = JSON.parse(readFileSync(resolve(root, 'operator.config.json'), 'utf8'));
  // Quotes need a live rate: a local stand-in for the coin-market API, so the flow works offline.
  const market = await startFakeMarketUpstream();
  market.state.coins = [{ ...upstreamCoin(1), id: 'ethereum', symbol: 'eth', name: 'Ethereum', current_price: 2000 }];
  operator.marketApiBaseUrl = market.baseUrl;
  operator.chains = {
    ethereum: {
      kind: 'evm',
      rpcUrl,
      xpub: testXpub("m/44'/60'/0'"),
      confirmations: 2,
      pollSeconds: 2,
      coins: { ethereum: { native: true } },
    },
  };
  mkdirSync(resolve(root, 'data'), { recursive: true });
  writeFileSync(resolve(root, 'data/operator.chain-dev.json'), `${JSON.stringify(operator, null, 2)}\n`);
  console.log('Wrote data/operator.chain-dev.json. Start the app with OPERATOR_CONFIG=data/operator.chain-dev.json');
  // One block every 2 seconds, so confirmations arrive without anyone mining by hand.
  const anvil = resolve(root, 'node_modules/@foundry-rs/anvil-linux-amd64/bin/anvil');
  const child = spawn(anvil, ['--port', '8545', '--block-time', '2'], { stdio: 'inherit' });
  const stop = () => {
    child.kill('SIGTERM');
    void market.close();
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}
