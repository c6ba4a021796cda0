import { bip21Uri, eip681Uri } from '../../contracts/payment-uri';
import type { ChainCoinInfo } from './chain-coins';

/** What a wallet scans: BIP21 for UTXO coins, EIP-681 for EVM (the native value, or the token's transfer call). */
export function paymentUri(info: ChainCoinInfo, address: string, units: bigint, coinAmount: string) {
  if (info.config.kind === 'utxo') return bip21Uri(info.chain, address, coinAmount);
  return eip681Uri(address, units, info.contract);
}
