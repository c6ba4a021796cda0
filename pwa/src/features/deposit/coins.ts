/** The ten accepted coins in the spec's order: the API's coin id and the shipped icon's symbol. */
export const depositCoins = [
  { id: 'bitcoin', symbol: 'btc' },
  { id: 'bnb', symbol: 'bnb' },
  { id: 'cardano', symbol: 'ada' },
  { id: 'dogecoin', symbol: 'doge' },
  { id: 'ethereum', symbol: 'eth' },
  { id: 'litecoin', symbol: 'ltc' },
  { id: 'shiba', symbol: 'shib' },
  { id: 'solana', symbol: 'sol' },
  { id: 'tron', symbol: 'trx' },
  { id: 'usdt', symbol: 'usdt' },
] as const;

export type DepositCoinId = (typeof depositCoins)[number]['id'];

export const isDepositCoin = (value: string | null): value is DepositCoinId =>
  depositCoins.some((coin) => coin.id === value);

export const coinIcon = (symbol: string) => `/coins/${symbol}.svg`;
