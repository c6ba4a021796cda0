import type { MarketCoinsResponse } from '../../../../api/contracts/market';
import { bip21Uri, decimalToUnits, eip681Uri } from '../../../../api/contracts/payment-uri';
import type { DepositCoin } from './coins';

/** A price older than this is no longer the current market rate (the server refreshes its copy every minute). */
export const maxRateAgeMs = 10 * 60_000;

export type CoinEstimate =
  /** `coinAmount` is a plain decimal ("0.00114613"), what a wallet and a payment link take. */
  | { kind: 'estimate'; coinAmount: string; rate: number; asOf: string }
  /** Only the bundled sample prices: never passed off as the market. */
  | { kind: 'sample' }
  /** No answer, an answer the server could not refresh, or one too old: USD only. */
  | { kind: 'unreachable' };

/**
 * The coins that buy `amountCents` at the market's price, rounded up (the investor never sends short by rounding):
 * six significant digits, no more decimals than the coin has (8 at most, as wallets show them).
 */
export function estimateCoinAmount(
  amountCents: number,
  coin: DepositCoin,
  market: MarketCoinsResponse | undefined,
  now: number,
): CoinEstimate {
  if (market?.source === 'snapshot') return { kind: 'sample' };
  const rate = market?.coins.find((entry) => entry.id === coin.marketId)?.current_price;
  const fresh = market !== undefined && market.live && now - new Date(market.asOf).getTime() <= maxRateAgeMs;
  if (!fresh || !rate || rate <= 0) return { kind: 'unreachable' };
  const coinAmount = new Intl.NumberFormat('en-US', {
    useGrouping: false,
    maximumSignificantDigits: 6,
    maximumFractionDigits: Math.min(coin.decimals, 8),
    roundingPriority: 'lessPrecision',
    roundingMode: 'ceil',
  }).format(amountCents / 100 / rate);
  return { kind: 'estimate', coinAmount, rate, asOf: market.asOf };
}

const evmAddress = /^0x[0-9a-fA-F]{40}$/;

/**
 * What the QR code holds: a BIP 21 or EIP-681 link with the amount where the coin's scheme takes one and an amount is
 * known, the plain address otherwise.
 */
export function walletPaymentUri(coin: DepositCoin, address: string, coinAmount: string | undefined) {
  if (coinAmount === undefined || !('uri' in coin)) return address;
  if (coin.uri === 'bip21') return bip21Uri(coin.id, address, coinAmount);
  return evmAddress.test(address) ? eip681Uri(address, decimalToUnits(coinAmount, coin.decimals)) : address;
}
