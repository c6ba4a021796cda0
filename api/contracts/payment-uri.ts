// What a wallet scans, shared by the server's quotes and withdrawals and the PWA's receipt flow: no server imports.

/** BIP 21 (`bitcoin:`, `litecoin:`, `dogecoin:`): the amount in whole coins, as a plain decimal. */
export const bip21Uri = (scheme: string, address: string, coinAmount: string) =>
  `${scheme}:${address}?amount=${coinAmount}`;

/** EIP-681: the native coin's value in its smallest units (wei), or an ERC-20 token's transfer call. */
export const eip681Uri = (address: string, units: bigint, contract?: string) =>
  contract ? `ethereum:${contract}/transfer?address=${address}&uint256=${units}` : `ethereum:${address}?value=${units}`;

/** A plain decimal ("0.0301205") in a coin's smallest units (18 decimals: wei), without floating point. */
export function decimalToUnits(coinAmount: string, decimals: number): bigint {
  const match = /^(\d+)(?:\.(\d+))?$/.exec(coinAmount);
  if (!match) throw new Error(`not a plain decimal: ${coinAmount}`);
  const fraction = match[2] ?? '';
  if (fraction.length > decimals) throw new Error(`${coinAmount} has more than ${decimals} decimals`);
  return BigInt(match[1]! + fraction.padEnd(decimals, '0'));
}
