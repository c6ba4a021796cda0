import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { testXprv, testXpub } from '../test/chain-keys';
import { loadOperatorConfig } from './operator';

const operatorFile = join(import.meta.dirname, '../../operator.config.json');

function withChains(chains: unknown) {
  const path = join(mkdtempSync(join(tmpdir(), 'operator-')), 'operator.json');
  writeFileSync(path, JSON.stringify({ ...JSON.parse(readFileSync(operatorFile, 'utf8')), chains }));
  return () => loadOperatorConfig(path);
}

const ethereum = (xpub = testXpub("m/44'/60'/0'")) => ({
  kind: 'evm',
  rpcUrl: 'http://127.0.0.1:8545',
  xpub,
  coins: { ethereum: { native: true }, usdt: { contract: `0x${'a'.repeat(40)}`, decimals: 6 } },
});
const litecoin = (xpub: string, network = 'regtest') => ({
  kind: 'utxo',
  rpcUrl: 'http://user:pass@127.0.0.1:9332',
  xpub,
  network,
});

describe('chains in the operator config', () => {
  it('reads watch-only chains with their defaults', () => {
    const { chains } = withChains({ ethereum: ethereum(), litecoin: litecoin(testXpub("m/84'/1'/0'", 'tpub')) })();
    expect(chains.ethereum).toMatchObject({ confirmations: 12, pollSeconds: 15 });
    expect(chains.litecoin).toMatchObject({ confirmations: 6, pollSeconds: 30, network: 'regtest' });
    expect(withChains(undefined)().chains).toEqual({});
  });

  it('refuses to start, in one line, when a private key is anywhere in the config', () => {
    for (const [chains, where] of [
      [{ ethereum: ethereum(testXprv("m/44'/60'/0'")) }, 'chains.ethereum.xpub'],
      [{ litecoin: litecoin(testXprv("m/84'/1'/0'", 'tpub')) }, 'chains.litecoin.xpub'],
      [{ litecoin: litecoin(testXprv("m/84'/2'/0'", 'Ltub'), 'mainnet') }, 'chains.litecoin.xpub'],
      [{ ethereum: { ...ethereum(), note: `backup ${testXprv("m/44'/60'/0'")}` } }, 'chains.ethereum.note'],
    ] as const) {
      const load = withChains(chains);
      expect(load).toThrow(new RegExp(`^Refusing to start: .* holds a private key at ${where.replace(/\./g, '\\.')};`));
      expect(load).toThrow(/^[^\n]*$/);
    }
  });

  it('refuses a public key of another network than the chain', () => {
    expect(withChains({ litecoin: litecoin(testXpub("m/84'/2'/0'"), 'regtest') })).toThrow(
      /chains\.litecoin\.xpub: a xpub key is of another network; this chain takes tpub, vpub, ttub/,
    );
    expect(withChains({ litecoin: litecoin(testXpub("m/84'/1'/0'", 'tpub'), 'mainnet') })).toThrow(
      /chains\.litecoin\.xpub: a tpub key is of another network/,
    );
    expect(withChains({ ethereum: ethereum(testXpub("m/44'/60'/0'", 'tpub')) })).toThrow(
      /chains\.ethereum\.xpub: a tpub key is of another network/,
    );
    expect(withChains({ litecoin: litecoin(testXpub("m/84'/2'/0'", 'Ltub'), 'mainnet') })).not.toThrow();
  });

  it('takes only the account-level key and one chain per coin', () => {
    expect(withChains({ ethereum: ethereum(testXpub("m/44'/60'/0'/0")) })).toThrow(/account-level key \(depth 3\)/);
    expect(withChains({ ethereum: ethereum('xpub-nonsense') })).toThrow(/not an extended public key/);
    const bsc = {
      ...ethereum(),
      coins: { bnb: { native: true }, usdt: { contract: `0x${'b'.repeat(40)}`, decimals: 18 } },
    };
    expect(withChains({ ethereum: ethereum(), bsc })).toThrow(/usdt is already on chain ethereum/);
    expect(withChains({ tron: litecoin(testXpub("m/84'/1'/0'", 'tpub')) })).toThrow(
      /a utxo chain is named by its coin/,
    );
  });
});
