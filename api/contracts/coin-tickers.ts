/** The ticker a wallet and an explorer show for each coin key, for amounts written out ("0.01 ETH"). */
export const coinTickers: Record<string, string> = {
  bitcoin: 'BTC',
  ethereum: 'ETH',
  litecoin: 'LTC',
  dogecoin: 'DOGE',
  bnb: 'BNB',
  usdt: 'USDT',
  shiba: 'SHIB',
};

export const coinTicker = (coin: string) => coinTickers[coin] ?? coin.toUpperCase();
