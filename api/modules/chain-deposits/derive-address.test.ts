import { Address } from '@scure/btc-signer';
import { mnemonicToAccount } from 'viem/accounts';
import { describe, expect, it } from 'vitest';
import { chainsSchema } from '../../config/chains';
import { testMnemonic, testXpub } from '../../test/chain-keys';
import { deriveAddress } from './derive-address';

const utxo = (chain: string, xpub: string, network = 'mainnet') =>
  chainsSchema.parse({ [chain]: { kind: 'utxo', rpcUrl: 'http://127.0.0.1:1', xpub, network } })[chain]!;

describe('receive addresses derived from an account public key', () => {
  it('match the BIP84 test vectors, from the zpub and from the same key as an xpub', () => {
    // BIP84's account 0 of the test mnemonic, and its first two receive addresses.
    const zpub =
      'zpub6rFR7y4Q2AijBEqTUquhVz398htDFrtymD9xYYfG1m4wAcvPhXNfE3EfH1r1ADqtfSdVCToUG868RvUUkgDKf31mGDtKsAYz2oz2AGutZYs';
    const vectors = ['bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu', 'bc1qnjg0jd8228aq7egyzacy8cys3knf9xvrerkf9g'];
    for (const xpub of [zpub, testXpub("m/84'/0'/0'")]) {
      const chain = utxo('bitcoin', xpub);
      expect([0, 1].map((index) => deriveAddress('bitcoin', chain, index).address)).toEqual(vectors);
    }
    expect(deriveAddress('bitcoin', utxo('bitcoin', zpub), 0).matchKey).toBe(
      '0014c0cebcd6c3d3ca8c75dc5ec62ebe55330ef910e2',
    );
  });

  it('encode Litecoin segwit with ltc, tltc and rltc', () => {
    const mainnet = deriveAddress('litecoin', utxo('litecoin', testXpub("m/84'/2'/0'")), 0);
    const btc = deriveAddress('bitcoin', utxo('bitcoin', testXpub("m/84'/2'/0'")), 0);
    expect(mainnet.address).toMatch(/^ltc1q/);
    expect(mainnet.matchKey).toBe(btc.matchKey);
    const test = testXpub("m/84'/1'/0'", 'tpub');
    expect(deriveAddress('litecoin', utxo('litecoin', test, 'testnet'), 0).address).toMatch(/^tltc1q/);
    expect(deriveAddress('litecoin', utxo('litecoin', test, 'regtest'), 0).address).toMatch(/^rltc1q/);
    expect(deriveAddress('bitcoin', utxo('bitcoin', test, 'regtest'), 0).address).toMatch(/^bcrt1q/);
  });

  it('pay Dogecoin to P2PKH: the BIP44 vector key hash under version 0x1e', () => {
    // BIP44 m/44'/0'/0'/0/0 of the test mnemonic is 1LqBGSKuX5yYUonjxT5qGfpUsXKYYWeabA.
    const doge = deriveAddress('dogecoin', utxo('dogecoin', testXpub("m/44'/0'/0'")), 0);
    expect(doge.address).toMatch(/^D/);
    const dogeMainnet = { bech32: 'doge', pubKeyHash: 0x1e, scriptHash: 0x16, wif: 0x9e };
    const btcMainnet = { bech32: 'bc', pubKeyHash: 0x00, scriptHash: 0x05, wif: 0x80 };
    expect(Address(dogeMainnet).decode(doge.address)).toEqual(
      Address(btcMainnet).decode('1LqBGSKuX5yYUonjxT5qGfpUsXKYYWeabA'),
    );
    expect(doge.matchKey).toMatch(/^76a914[0-9a-f]{40}88ac$/);
  });

  it('give checksummed EVM addresses equal to what the mnemonic wallet derives', () => {
    const config = chainsSchema.parse({
      ethereum: {
        kind: 'evm',
        rpcUrl: 'http://127.0.0.1:1',
        xpub: testXpub("m/44'/60'/0'"),
        coins: { ethereum: { native: true } },
      },
    }).ethereum!;
    for (const index of [0, 1, 7]) {
      const derived = deriveAddress('ethereum', config, index);
      expect(derived.address).toBe(mnemonicToAccount(testMnemonic, { addressIndex: index }).address);
      expect(derived.matchKey).toBe(derived.address.toLowerCase());
    }
    expect(deriveAddress('ethereum', config, 0).address).toBe('0x9858EfFD232B4033E47d90003D41EC34EcaEda94');
  });
});
