import { createPublicClient, erc20Abi, http, type Address } from 'viem';
import type { ChainCoin, ChainConfig, ChainsConfig, EvmChainConfig, UtxoChainConfig } from '../../config/chains';
import type { Db } from '../../db/connect';
import { coinsOf, type ChainCoinInfo } from './chain-coins';
import { quotesRepo } from './quotes.repo';
import { createUtxoRpc } from './utxo-rpc';

export interface AddressBalance {
  chain: string;
  coin: ChainCoin;
  address: string;
  decimals: number;
  /** Smallest units on chain; undefined when the node could not be read. */
  units?: bigint;
}

type Derived = { address: string; match_key: string };

/** Native balances with eth_getBalance, token balances with balanceOf, all in batched JSON-RPC calls. */
async function evmBalances(infos: ChainCoinInfo[], config: EvmChainConfig, addresses: Derived[]) {
  const client = createPublicClient({
    transport: http(config.rpcUrl, { batch: { batchSize: 200 }, timeout: 20_000, retryCount: 1 }),
  });
  return Promise.all(
    infos.flatMap((info) =>
      addresses.map((derived) =>
        (info.contract
          ? client.readContract({
              address: info.contract as Address,
              abi: erc20Abi,
              functionName: 'balanceOf',
              args: [derived.address as Address],
            })
          : client.getBalance({ address: derived.address as Address })
        ).then((units) => ({ info, derived, units })),
      ),
    ),
  );
}

/**
 * A UTXO chain's balances from the node's UTXO set (`scantxoutset` over the output scripts): no wallet needed, as for
 * the watcher. The scan reads the whole set, so the answer is cached (`createReserves`).
 */
async function utxoBalances(info: ChainCoinInfo, config: UtxoChainConfig, addresses: Derived[]) {
  const rpc = createUtxoRpc(config.rpcUrl, 120_000);
  const scan = await rpc.call<{ unspents: Array<{ scriptPubKey: string; amount: number }> }>(
    'scantxoutset',
    'start',
    addresses.map((derived) => `raw(${derived.match_key})`),
  );
  const perScript = new Map<string, bigint>();
  for (const unspent of scan.unspents) {
    // Amounts come as decimal coins with 8 places: exact in a double below 2^53 units.
    const units = BigInt(Math.round(unspent.amount * 1e8));
    perScript.set(unspent.scriptPubKey, (perScript.get(unspent.scriptPubKey) ?? 0n) + units);
  }
  return addresses.map((derived) => ({ info, derived, units: perScript.get(derived.match_key) ?? 0n }));
}

async function chainBalances(chain: string, config: ChainConfig, addresses: Derived[]): Promise<AddressBalance[]> {
  const infos = coinsOf(chain, config);
  const listed = (units?: bigint) => (info: ChainCoinInfo) =>
    addresses.map((derived) => ({ chain, coin: info.coin, address: derived.address, decimals: info.decimals, units }));
  try {
    const found =
      config.kind === 'evm'
        ? await evmBalances(infos, config, addresses)
        : await utxoBalances(infos[0]!, config, addresses);
    return found.map(({ info, derived, units }) => ({
      chain,
      coin: info.coin,
      address: derived.address,
      decimals: info.decimals,
      units,
    }));
  } catch {
    // A node that does not answer leaves its addresses listed without a balance, not the page broken.
    return infos.flatMap(listed());
  }
}

/**
 * Every deposit address that ever received coins, in each coin of its chain, with its balance read from the watcher's
 * nodes: what the operator holds on chain.
 */
export async function depositAddressBalances(db: Db, chains: ChainsConfig) {
  const perChain = await Promise.all(
    Object.entries(chains).map(async ([chain, chainConfig]) => {
      // Only addresses that ever received coins can hold any: the rest (most quotes go unpaid) cost no node call.
      const addresses = await quotesRepo.addressesEverPaid(db, chain);
      return addresses.length ? chainBalances(chain, chainConfig, addresses) : [];
    }),
  );
  return perChain.flat();
}
