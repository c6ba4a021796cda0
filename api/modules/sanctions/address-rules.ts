import { Address } from '@scure/btc-signer';

/**
 * The lists a sanctions file may be loaded into: one per payout coin, named as the payout addresses and the chains
 * config name the coin. USDT is the ERC-20 token on Ethereum, so its addresses are Ethereum's.
 */
export const sanctionsLists = ['bitcoin', 'ethereum', 'usdt', 'litecoin', 'dogecoin'] as const;
export type SanctionsList = (typeof sanctionsLists)[number];

const evmLists: readonly SanctionsList[] = ['ethereum', 'usdt'];
export const isEvmList = (list: SanctionsList) => evmLists.includes(list);

/**
 * The lists an address of `list`'s coin is screened against: an EVM account is the same on every token of its
 * chain, so an Ethereum address named on the USDT list (or the other way round) is a hit for both.
 */
export const listsScreenedFor = (list: SanctionsList): SanctionsList[] => (isEvmList(list) ? [...evmLists] : [list]);

type Network = { bech32: string; pubKeyHash: number; scriptHash: number; wif: number };
const net = (bech32: string, pubKeyHash: number, scriptHash: number): Network => ({
  bech32,
  pubKeyHash,
  scriptHash,
  wif: 0,
});
// Every network's forms are taken (published lists are mainnet's; a regtest node's addresses are for tests).
const utxoNetworks: Record<'bitcoin' | 'litecoin' | 'dogecoin', Network[]> = {
  bitcoin: [net('bc', 0x00, 0x05), net('tb', 0x6f, 0xc4), net('bcrt', 0x6f, 0xc4)],
  litecoin: [net('ltc', 0x30, 0x32), net('tltc', 0x6f, 0x3a), net('rltc', 0x6f, 0x3a), net('ltc', 0x30, 0x05)],
  dogecoin: [net('doge', 0x1e, 0x16), net('tdge', 0x71, 0xc4), net('dcrt', 0x6f, 0xc4)],
};

const isUtxoAddress = (list: 'bitcoin' | 'litecoin' | 'dogecoin', address: string) =>
  utxoNetworks[list].some((network) => {
    try {
      Address(network).decode(address);
      return true;
    } catch {
      return false;
    }
  });

/**
 * An address as its chain compares it: EVM hex in lower case (a checksummed address is the same account), bech32 in
 * lower case (its one-case rule), base58 as written (its case is part of it). Surrounding blanks are dropped.
 */
export function normaliseAddress(list: SanctionsList, address: string): string {
  const trimmed = address.trim();
  if (isEvmList(list)) return trimmed.toLowerCase();
  // A bech32 address may be written in upper case (QR codes do); its lower-case form is the one compared.
  if (/^[A-Z]+1[02-9AC-HJ-NP-Z]+$/.test(trimmed)) return trimmed.toLowerCase();
  return trimmed;
}

/** The address normalised when it is one of `list`'s chain, else null (a line of a file that is not loaded). */
export function sanctionedAddressOf(list: SanctionsList, line: string): string | null {
  const address = normaliseAddress(list, line);
  if (isEvmList(list)) return /^0x[0-9a-f]{40}$/.test(address) ? address : null;
  if (address.length > 100) return null;
  return isUtxoAddress(list as 'bitcoin' | 'litecoin' | 'dogecoin', address) ? address : null;
}
