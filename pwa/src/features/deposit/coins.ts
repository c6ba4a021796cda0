/**
 * The ten accepted coins in the spec's order: the API's coin id, the shipped icon's symbol, the coin's id in the
 * market list (GET /api/market/coins, CoinGecko's ids), its decimals, and the payment link a wallet scans: BIP 21
 * for Bitcoin, Litecoin and Dogecoin, EIP-681 for ether; the others' wallets take the plain address.
 */
export const depositCoins = [
  { id: 'bitcoin', symbol: 'btc', marketId: 'bitcoin', decimals: 8, uri: 'bip21' },
  { id: 'bnb', symbol: 'bnb', marketId: 'binancecoin', decimals: 18 },
  { id: 'cardano', symbol: 'ada', marketId: 'cardano', decimals: 6 },
  { id: 'dogecoin', symbol: 'doge', marketId: 'dogecoin', decimals: 8, uri: 'bip21' },
  { id: 'ethereum', symbol: 'eth', marketId: 'ethereum', decimals: 18, uri: 'eip681' },
  { id: 'litecoin', symbol: 'ltc', marketId: 'litecoin', decimals: 8, uri: 'bip21' },
  { id: 'shiba', symbol: 'shib', marketId: 'shiba-inu', decimals: 18 },
  { id: 'solana', symbol: 'sol', marketId: 'solana', decimals: 9 },
  { id: 'tron', symbol: 'trx', marketId: 'tron', decimals: 6 },
  { id: 'usdt', symbol: 'usdt', marketId: 'tether', decimals: 6 },
] as const;

export type DepositCoin = (typeof depositCoins)[number];
export type DepositCoinId = DepositCoin['id'];

export const isDepositCoin = (value: string | null): value is DepositCoinId =>
  depositCoins.some((coin) => coin.id === value);

export const depositCoin = (id: DepositCoinId): DepositCoin => depositCoins.find((coin) => coin.id === id)!;

export const coinIcon = (symbol: string) => `/coins/${symbol}.svg`;
