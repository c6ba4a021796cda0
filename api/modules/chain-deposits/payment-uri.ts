import type { ChainCoinInfo } from './chain-coins';

/** What a wallet scans: BIP21 for UTXO coins, EIP-681 for EVM (the native value, or the token's transfer call). */
export function paymentUri(info: ChainCoinInfo, address: string, units: bigint, coinAmount: string) {
  if (info.config.kind === 'utxo') return `${info.chain}:${address}?amount=${coinAmount}`;
  if (info.contract) return `ethereum:${info.contract}/transfer?address=${address}&uint256=${units}`;
  return `ethereum:${address}?value=${units}`;
}
