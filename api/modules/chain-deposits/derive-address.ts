import { secp256k1 } from '@noble/curves/secp256k1.js';
import { Address, p2pkh, p2wpkh } from '@scure/btc-signer';
import { bytesToHex, type Hex } from 'viem';
import { publicKeyToAddress } from 'viem/accounts';
import type { ChainConfig, UtxoChainConfig, UtxoCoin, UtxoNetwork } from '../../config/chains';
import { readExtendedPublicKey } from '../../config/extended-keys';

/** A receive address and what the scanner matches it by: the lower-case address (EVM) or the output script (UTXO). */
export interface DerivedAddress {
  address: string;
  matchKey: string;
}

type BtcNetwork = { bech32: string; pubKeyHash: number; scriptHash: number; wif: number };

const utxoNetworks: Record<UtxoCoin, Record<UtxoNetwork, BtcNetwork>> = {
  bitcoin: {
    mainnet: { bech32: 'bc', pubKeyHash: 0x00, scriptHash: 0x05, wif: 0x80 },
    testnet: { bech32: 'tb', pubKeyHash: 0x6f, scriptHash: 0xc4, wif: 0xef },
    regtest: { bech32: 'bcrt', pubKeyHash: 0x6f, scriptHash: 0xc4, wif: 0xef },
  },
  litecoin: {
    mainnet: { bech32: 'ltc', pubKeyHash: 0x30, scriptHash: 0x32, wif: 0xb0 },
    testnet: { bech32: 'tltc', pubKeyHash: 0x6f, scriptHash: 0x3a, wif: 0xef },
    regtest: { bech32: 'rltc', pubKeyHash: 0x6f, scriptHash: 0x3a, wif: 0xef },
  },
  // Dogecoin has no segwit: its wallets receive on P2PKH (D… on mainnet).
  dogecoin: {
    mainnet: { bech32: 'doge', pubKeyHash: 0x1e, scriptHash: 0x16, wif: 0x9e },
    testnet: { bech32: 'tdge', pubKeyHash: 0x71, scriptHash: 0xc4, wif: 0xf1 },
    regtest: { bech32: 'dcrt', pubKeyHash: 0x6f, scriptHash: 0xc4, wif: 0xef },
  },
};

/**
 * Whether a UTXO chain's network can pay `address`: one of its own forms (an address of another coin or network is
 * refused), and no segwit form on Dogecoin, which has none.
 */
export function isUtxoAddressOf(chain: UtxoCoin, network: UtxoNetwork, address: string): boolean {
  try {
    const { type } = Address(utxoNetworks[chain][network]).decode(address);
    return chain !== 'dogecoin' || type === 'pkh' || type === 'sh';
  } catch {
    return false;
  }
}

/**
 * The receive address `0/index` under the configured account key, as the operator's own wallet
 * derives it, so the wallet holds the keys and sees the money. Watch-only: no private key here.
 */
export function deriveAddress(chain: string, config: ChainConfig, index: number): DerivedAddress {
  const account = readExtendedPublicKey(config.xpub);
  if (!account) throw new Error(`chain ${chain}: xpub unreadable`);
  const publicKey = account.hdKey.deriveChild(0).deriveChild(index).publicKey!;
  if (config.kind === 'evm') {
    const uncompressed = secp256k1.Point.fromBytes(publicKey).toBytes(false);
    const address = publicKeyToAddress(bytesToHex(uncompressed) as Hex);
    return { address, matchKey: address.toLowerCase() };
  }
  const network = utxoNetworks[chain as UtxoCoin][config.network];
  const payment = chain === 'dogecoin' ? p2pkh(publicKey, network) : p2wpkh(publicKey, network);
  return { address: payment.address!, matchKey: bytesToHex(payment.script).slice(2) };
}

/** The address format of a UTXO chain's network, as `@scure/btc-signer` takes it. */
export const utxoNetworkOf = (chain: string, config: { network: UtxoNetwork }): BtcNetwork =>
  utxoNetworks[chain as UtxoCoin][config.network];

const hardened = 0x80000000;

/**
 * Where the configured account key sits under the operator's master key, for the PSBT's BIP 32 derivations: the
 * configured `accountPath`, or BIP 84's m/84'/coin'/account' (BIP 44's m/44'/… for Dogecoin, which has no segwit) with
 * the account number read from the key itself. Null without a `masterFingerprint`: a wallet could not match it.
 */
export function accountOrigin(
  chain: string,
  config: UtxoChainConfig,
): { fingerprint: number; accountPath: number[] } | null {
  if (!config.masterFingerprint) return null;
  const path = config.accountPath
    ? config.accountPath
        .split('/')
        .slice(1)
        .map((step) => (step.endsWith("'") ? Number(step.slice(0, -1)) + hardened : Number(step)))
    : [
        (chain === 'dogecoin' ? 44 : 84) + hardened,
        (config.network === 'mainnet' ? ({ bitcoin: 0, litecoin: 2, dogecoin: 3 }[chain] ?? 1) : 1) + hardened,
        readExtendedPublicKey(config.xpub)!.hdKey.index,
      ];
  return { fingerprint: Number.parseInt(config.masterFingerprint, 16), accountPath: path };
}

/** A path as wallets print it: m/84'/1'/0'/1/3. */
export const pathText = (path: number[]) =>
  ['m', ...path.map((step) => (step >= hardened ? `${step - hardened}'` : String(step)))].join('/');

/** The key `branch/index` under a UTXO chain's account key (0: receive, 1: change), with its address and script. */
export function deriveUtxoKey(chain: string, config: UtxoChainConfig, branch: 0 | 1, index: number) {
  const account = readExtendedPublicKey(config.xpub);
  if (!account) throw new Error(`chain ${chain}: xpub unreadable`);
  const publicKey = account.hdKey.deriveChild(branch).deriveChild(index).publicKey!;
  const network = utxoNetworkOf(chain, config);
  const payment = chain === 'dogecoin' ? p2pkh(publicKey, network) : p2wpkh(publicKey, network);
  return {
    address: payment.address!,
    script: bytesToHex(payment.script).slice(2),
    publicKey: bytesToHex(publicKey).slice(2),
  };
}
