import type { AdminWithdrawal } from '../api/withdrawals';

/** "0.03" ether in wei, exactly (no floating point): a wallet must be asked for the amount fixed at approval. */
export function weiOf(coinAmount: string) {
  const [whole = '0', fraction = ''] = coinAmount.split('.');
  return BigInt(whole + fraction.padEnd(18, '0').slice(0, 18)).toString();
}

/**
 * The EIP-681 link a wallet opens to pay the withdrawal: ether as its value in wei. A token payment needs its
 * contract and decimals, which the withdrawal's answer does not carry yet, so there is none for a token.
 */
export const payLinkOf = (withdrawal: AdminWithdrawal) =>
  withdrawal.coin === 'ethereum' && withdrawal.coinAmount
    ? `ethereum:${withdrawal.address}?value=${weiOf(withdrawal.coinAmount)}`
    : null;
