import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { createWalletClient, http, parseEther, type Address } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { foundry } from 'viem/chains';
import { existsSync } from 'node:fs';
import { WIF } from '@scure/btc-signer';
import { createUtxoRpc } from '../modules/chain-deposits/chain-deposits.api';
import { startFakeMarketUpstream, upstreamCoin } from '../test/fake-market-upstream';
import { testAccountKey, testXpub } from '../test/chain-keys';
import { startLitecoind } from '../test/chain-nodes';

/**
 * On-chain deposits and payouts locally, against anvil and (when Debian's litecoind is installed) litecoind regtest:
 *   npm run chain:dev                           starts anvil on :8545, litecoind in regtest (a block every 2 s), a
 *                                               local market ($2,000/ETH, $80/LTC), and writes
 *                                               data/operator.chain-dev.json naming them
 *   OPERATOR_CONFIG=data/operator.chain-dev.json npm run dev     (in another terminal)
 *   npm run chain:dev -- pay <address> <eth>                      pays a quote from anvil's funded account
 *   npm run chain:dev -- pay-ltc <address> <ltc>                  pays a quote (or an investor) from litecoind
 *   npm run chain:dev -- sign <file.psbt | base64>                signs a payout batch in the regtest operator
 *                                               wallet (which holds the derived keys) and prints the signed PSBT
 * The addresses come from the public BIP39 test mnemonic ("abandon … about"): never use it for real money.
 */
const rpcUrl = 'http://127.0.0.1:8545';
const anvilPayerKey = '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80';
const root = resolve(import.meta.dirname, '../..');

const devConfigPath = resolve(root, 'data/operator.chain-dev.json');
const litecoinRpc = (wallet: string) => {
  const config = JSON.parse(readFileSync(devConfigPath, 'utf8'));
  if (!config.chains?.litecoin)
    throw new Error('no litecoind in data/operator.chain-dev.json: start npm run chain:dev');
  return createUtxoRpc(`${config.chains.litecoin.rpcUrl}/wallet/${wallet}`);
};
const litecoinAccountPath = "m/84'/1'/0'";
const regtestLitecoin = { bech32: 'rltc', pubKeyHash: 0x6f, scriptHash: 0x3a, wif: 0xef };

if (process.argv[2] === 'pay-ltc') {
  const [to, ltc] = process.argv.slice(3);
  if (!to || !ltc) throw new Error('usage: dev-chain.ts pay-ltc <address> <ltc>');
  console.log(await litecoinRpc('payer').call<string>('sendtoaddress', to, ltc));
} else if (process.argv[2] === 'sign') {
  const input = process.argv[3];
  if (!input) throw new Error('usage: dev-chain.ts sign <file.psbt | base64>');
  const psbt = existsSync(input) ? readFileSync(input).toString('base64') : input;
  const signed = await litecoinRpc('operator').call<{ psbt: string; complete: boolean }>('walletprocesspsbt', psbt);
  if (!signed.complete) throw new Error('the operator wallet could not sign every input');
  console.log(signed.psbt);
} else if (process.argv[2] === 'pay') {
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
  const litecoind = existsSync('/usr/bin/litecoind') ? await startLitecoind({ replacement: true }) : null;
  let mining: NodeJS.Timeout | undefined;
  if (litecoind) {
    market.state.coins.push({ ...upstreamCoin(2), id: 'litecoin', symbol: 'ltc', name: 'Litecoin', current_price: 80 });
    // The operator's wallet, restored from the same seed: it holds the keys of the receive (0/i) and change (1/j)
    // addresses, so it signs the desk's payout batches. The app itself only ever gets the xpub.
    await litecoind.rpc.call('createwallet', 'operator', false, false, '', false, false);
    const operatorWallet = createUtxoRpc(`${litecoind.url}/wallet/operator`);
    const account = testAccountKey(litecoinAccountPath, 'tpub');
    for (const branch of [0, 1])
      for (let index = 0; index < 60; index++)
        await operatorWallet.call(
          'importprivkey',
          WIF(regtestLitecoin).encode(account.deriveChild(branch).deriveChild(index).privateKey!),
          '',
          false,
        );
    operator.chains.litecoin = {
      kind: 'utxo',
      rpcUrl: litecoind.url,
      xpub: testXpub(litecoinAccountPath, 'tpub'),
      network: 'regtest',
      confirmations: 2,
      pollSeconds: 2,
      startHeight: await litecoind.rpc.call<number>('getblockcount'),
      masterFingerprint: '73c5da0a',
    };
    mining = setInterval(() => void litecoind.mine(1).catch(() => undefined), 2000);
    console.log(`litecoind regtest at ${litecoind.url} (operator wallet: "operator", payer wallet: "payer")`);
  } else console.log('No /usr/bin/litecoind (apt-get install litecoind): Litecoin is left out.');
  mkdirSync(resolve(root, 'data'), { recursive: true });
  writeFileSync(devConfigPath, `${JSON.stringify(operator, null, 2)}\n`);
  console.log('Wrote data/operator.chain-dev.json. Start the app with OPERATOR_CONFIG=data/operator.chain-dev.json');
  // One block every 2 seconds, so confirmations arrive without anyone mining by hand.
  const anvil = resolve(root, 'node_modules/@foundry-rs/anvil-linux-amd64/bin/anvil');
  const child = spawn(anvil, ['--port', '8545', '--block-time', '2'], { stdio: 'inherit' });
  const stop = () => {
    child.kill('SIGTERM');
    clearInterval(mining);
    void litecoind?.stop();
    void market.close();
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}
