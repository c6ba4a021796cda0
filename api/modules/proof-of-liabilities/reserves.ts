import { createPublicClient, erc20Abi, http, type Address } from 'viem';
import type { AppDeps } from '../../app-deps';
import type { ChainCoin, ChainConfig, EvmChainConfig, UtxoChainConfig } from '../../config/chains';
import { centsForUnits } from '../chain-deposits/amounts';
import { coinsOf, type ChainCoinInfo } from '../chain-deposits/chain-coins';
import type { LiveRates } from '../chain-deposits/live-rate';
import { createUtxoRpc } from '../chain-deposits/utxo-rpc';
import { liabilityRepo } from './proof-of-liabilities.repo';

export interface ReserveAddress {
  chain: string;
  coin: ChainCoin;
  address: string;
  decimals: number;
  /** Smallest units on chain; undefined when the node could not be read. */
  units?: bigint;
  /** Dollar cents at the live rate; undefined without a balance or a live rate. */
  cents?: number;
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

async function chainBalances(chain: string, config: ChainConfig, addresses: Derived[]): Promise<ReserveAddress[]> {
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
 * Reserves beside the liabilities: every deposit address that ever received coins, with its balance read
 * from the watcher's nodes and valued at the live rate, their total, and the ratio to the latest snapshot's total.
 * Answers are kept for the latest snapshot, at most `cacheMs` (one read at a time), so the public page cannot make the
 * nodes scan on every visit.
 */
export function createReserves(
  { db, config, clock }: Pick<AppDeps, 'db' | 'config' | 'clock'>,
  rates: LiveRates,
  cacheMs = 60_000,
) {
  let cached: { at: number; snapshotId: unknown; answer: Promise<Awaited<ReturnType<typeof read>>> } | undefined;

  async function read(latest: Awaited<ReturnType<typeof liabilityRepo.list>>[number] | undefined) {
    const chains = Object.entries(config.operator.chains);
    const perChain = await Promise.all(
      chains.map(async ([chain, chainConfig]) => {
        // Only addresses that ever received coins can hold any: the rest (most quotes go unpaid) cost no node call.
        const addresses = await db('chain_addresses as a')
          .where('a.chain', chain)
          .whereExists(db('chain_payments as p').whereRaw('p.address_id = a.id'))
          .orderBy('a.derivation_index')
          .select<Derived[]>('address', 'match_key');
        return addresses.length ? chainBalances(chain, chainConfig, addresses) : [];
      }),
    );
    const rows = perChain.flat();
    const priced = await Promise.all(
      [...new Set(rows.map((row) => row.coin))].map(async (coin) => [coin, await rates(coin)] as const),
    );
    const rateOf = new Map(priced);
    const valued: ReserveAddress[] = rows.map((row) => {
      const rate = rateOf.get(row.coin);
      return row.units === undefined || !rate
        ? row
        : { ...row, cents: centsForUnits(row.units, rate.rate, row.decimals) };
    });
    const complete = valued.every((row) => row.cents !== undefined);
    const totalCents = valued.reduce((sum, row) => sum + (row.cents ?? 0), 0);
    return {
      configured: chains.length > 0,
      addresses: valued,
      // A total that leaves out an address it could not read or price would overstate nothing but mislead: none.
      totalCents: complete ? totalCents : undefined,
      liabilitiesCents: latest?.total_cents,
      snapshotId: latest?.id,
      asOf: clock.now(),
    };
  }

  return async () => {
    const now = Date.now();
    // Kept for the snapshot it is set beside: a new snapshot reads the nodes again at once.
    const [latest] = await liabilityRepo.list(db, 1);
    const snapshotId = latest?.id;
    if (!cached || cached.snapshotId !== snapshotId || now - cached.at > cacheMs) {
      const answer = read(latest);
      cached = { at: now, snapshotId, answer };
      answer.catch(() => (cached = undefined));
    }
    return cached.answer;
  };
}
