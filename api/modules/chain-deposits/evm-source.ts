import { createPublicClient, http, numberToHex, parseAbiItem, type Address, type Hash, type Hex } from 'viem';
import type { ChainCoin, EvmChainConfig } from '../../config/chains';
import { coinsOf } from './chain-coins';
import { ChainMovedError, checkLinked, type ChainSource, type FoundPayment, type ScannedBlock } from './chain-source';

const transferEvent = parseAbiItem('event Transfer(address indexed from, address indexed to, uint256 value)');

type Client = ReturnType<typeof createPublicClient>;

/**
 * Which of the candidate transactions succeeded (a reverted call keeps its value: it paid nothing).
 * A block with many of them has all its receipts fetched in one call, otherwise each one's. Blocks and receipts
 * are read as the node writes them, not through viem's formatters, which convert every field the scan never reads.
 */
async function successfulTransactions(client: Client, candidates: Array<{ block: Hash; tx: { hash: Hash } }>) {
  const perBlock = new Map<Hash, Hash[]>();
  for (const { block, tx } of candidates) perBlock.set(block, [...(perBlock.get(block) ?? []), tx.hash]);
  const receipts = await Promise.all(
    [...perBlock].map(async ([block, hashes]) =>
      hashes.length > 2
        ? ((await client.request({ method: 'eth_getBlockReceipts', params: [block] })) ?? []).map((receipt) => ({
            hash: receipt.transactionHash,
            block: receipt.blockHash,
            ok: receipt.status === '0x1',
          }))
        : Promise.all(
            hashes.map(async (hash) => {
              const receipt = await client.request({ method: 'eth_getTransactionReceipt', params: [hash] });
              // Gone since its block was read: the chain moved.
              if (!receipt) throw new ChainMovedError(0);
              return { hash, block: receipt.blockHash, ok: receipt.status === '0x1' };
            }),
          ),
    ),
  );
  const succeeded = new Set<Hash>();
  for (const [index, [block]] of [...perBlock].entries()) {
    for (const receipt of receipts[index]!) {
      if (receipt.block !== block) throw new ChainMovedError(0);
      if (receipt.ok) succeeded.add(receipt.hash);
    }
  }
  return succeeded;
}

/** A block with its transactions as the node writes them; only the fields the scan reads are typed. */
async function rawBlock(client: Client, height: number) {
  const block = (await client.request({ method: 'eth_getBlockByNumber', params: [numberToHex(height), true] })) as {
    number: Hex;
    hash: Hash | null;
    parentHash: Hash;
    transactions: Array<{ hash: Hash; from: Address; to: Address | null; value: Hex }>;
  } | null;
  // Gone since the tip was read: the chain moved, the next pass starts over from what is stored.
  if (!block?.hash) throw new ChainMovedError(height);
  return { ...block, hash: block.hash };
}

/** Who sent a transaction, lower-case, for the sanctions screening. */
const senderOf = ({ from: sender }: { from: Address }) => sender.toLowerCase();

/** The index of a chain's native value in a transaction: token transfers take 0, 1, … (their order in it). */
export const nativeOutputIndex = -1;

/**
 * An EVM node over JSON-RPC: the blocks of a range with their transactions in one batched request
 * (native transfers to our addresses, kept only if the transaction succeeded), and the listed
 * contracts' Transfer events of the range from one `eth_getLogs`.
 */
export function createEvmSource(chain: string, config: EvmChainConfig): ChainSource {
  const client = createPublicClient({
    transport: http(config.rpcUrl, { batch: { batchSize: 200 }, timeout: 20_000, retryCount: 1 }),
  });
  const coins = coinsOf(chain, config);
  const native = coins.find((info) => !info.contract)?.coin;
  const tokens = new Map(coins.filter((info) => info.contract).map((info) => [info.contract!, info.coin]));

  return {
    tipHeight: async () => Number(await client.getBlockNumber({ cacheTime: 0 })),

    async hashAt(height) {
      const block = await client.request({ method: 'eth_getBlockByNumber', params: [numberToHex(height), false] });
      return block?.hash ?? undefined;
    },

    async scanBlocks(from, to, watched) {
      const heights = Array.from({ length: to - from + 1 }, (_, i) => from + i);
      const [blocks, logs] = await Promise.all([
        Promise.all(heights.map((height) => rawBlock(client, height))),
        tokens.size === 0
          ? Promise.resolve([])
          : client.getLogs({
              address: [...tokens.keys()] as `0x${string}`[],
              event: transferEvent,
              fromBlock: BigInt(from),
              toBlock: BigInt(to),
            }),
      ]);
      const found = new Map<Hash, FoundPayment[]>(blocks.map((block) => [block.hash, []]));
      if (native) {
        const candidates = blocks.flatMap((block) =>
          block.transactions
            .filter((tx) => tx.to && watched.has(tx.to.toLowerCase()) && BigInt(tx.value) > 0n)
            .map((tx) => ({ block: block.hash, tx })),
        );
        const succeeded = await successfulTransactions(client, candidates);
        for (const { block, tx } of candidates) {
          if (!succeeded.has(tx.hash)) continue;
          found.get(block)!.push({
            txHash: tx.hash,
            outputIndex: nativeOutputIndex,
            matchKey: tx.to!.toLowerCase(),
            coin: native,
            units: BigInt(tx.value),
            sources: [senderOf(tx)],
          });
        }
      }
      const positionInTx = new Map<Hash, number>();
      for (const log of [...logs].sort((a, b) => Number(a.blockNumber - b.blockNumber) || a.logIndex - b.logIndex)) {
        // A log index is the block's; the position within its transaction survives the move to another block.
        const position = positionInTx.get(log.transactionHash) ?? 0;
        positionInTx.set(log.transactionHash, position + 1);
        const target = log.args.to?.toLowerCase();
        if (log.removed || !target || !watched.has(target) || !log.args.value) continue;
        const inBlock = found.get(log.blockHash);
        if (!inBlock) throw new ChainMovedError(Number(log.blockNumber));
        inBlock.push({
          txHash: log.transactionHash,
          outputIndex: position,
          matchKey: target,
          coin: tokens.get(log.address.toLowerCase()) as ChainCoin,
          units: log.args.value,
          sources: log.args.from ? [log.args.from.toLowerCase()] : [],
        });
      }
      return checkLinked(
        blocks.map((block): ScannedBlock => ({
          height: Number(block.number),
          hash: block.hash,
          parentHash: block.parentHash,
          payments: found.get(block.hash)!,
        })),
      );
    },
  };
}
