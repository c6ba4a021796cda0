import type { ChainCoin, ChainConfig, ChainsConfig } from '../../config/chains';

export interface ChainCoinInfo {
  chain: string;
  config: ChainConfig;
  coin: ChainCoin;
  decimals: number;
  /** The ERC-20 contract, lower-case; undefined for a chain's native coin. */
  contract?: string;
}

/** Every coin a chain credits, with its decimals (UTXO coins have 8, EVM native coins 18). */
export function coinsOf(chain: string, config: ChainConfig): ChainCoinInfo[] {
  if (config.kind === 'utxo') return [{ chain, config, coin: chain as ChainCoin, decimals: 8 }];
  return Object.entries(config.coins).map(([coin, spec]) =>
    'native' in spec
      ? { chain, config, coin: coin as ChainCoin, decimals: 18 }
      : { chain, config, coin: coin as ChainCoin, decimals: spec.decimals, contract: spec.contract.toLowerCase() },
  );
}

/** The decimals of each coin a chain credits: 10^decimals units make one coin. */
export function decimalsOf(chain: string, config: ChainConfig) {
  const decimals = new Map(coinsOf(chain, config).map((info) => [info.coin, info.decimals]));
  return (coin: ChainCoin) => {
    const found = decimals.get(coin);
    if (found === undefined) throw new Error(`${coin} is not credited on ${chain}`);
    return found;
  };
}

/** The chain configured to receive a coin; the configuration allows at most one. */
export const chainForCoin = (chains: ChainsConfig, coin: string) =>
  Object.entries(chains)
    .flatMap(([chain, config]) => coinsOf(chain, config))
    .find((info) => info.coin === coin);

/** The coins credited from their chain, for the deposit page to offer a quote instead of a receipt. */
export const onChainCoins = (chains: ChainsConfig) =>
  Object.entries(chains).flatMap(([chain, config]) => coinsOf(chain, config).map((info) => info.coin));
