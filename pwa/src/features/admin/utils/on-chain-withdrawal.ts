import type { AdminWithdrawal } from '../api/withdrawals';

/** The coin each withdrawal method pays, as the operator config's `onChainCoins` names it. */
const coinOfMethod: Record<string, string> = { Ethereum: 'ethereum', USDT: 'usdt' };

/**
 * Whether approving this pending withdrawal fixes a coin amount on an EVM chain rather than marking it paid by hand:
 * the server's rule, its method's coin watched on a chain and the payout address an EVM one (USDT on Tron is paid by
 * hand). An approved or broadcast withdrawal says so itself (`onChain`).
 */
export const paysOnEvmChain = (withdrawal: AdminWithdrawal, onChainCoins: readonly string[]) =>
  withdrawal.onChain ||
  (onChainCoins.includes(coinOfMethod[withdrawal.method] ?? '') && /^0x[0-9a-fA-F]{40}$/.test(withdrawal.address));

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
