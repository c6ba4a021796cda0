import type { ChainCoin, UtxoChainConfig } from '../../config/chains';
import { checkLinked, ChainMovedError, type ChainSource, type ScannedBlock } from './chain-source';
import { createPayerReader, type VerboseTx } from './utxo-payers';
import { createUtxoRpc } from './utxo-rpc';

interface VerboseBlock {
  hash: string;
  height: number;
  previousblockhash?: string;
  tx: VerboseTx[];
}

/** Bitcoin Core's "block height out of range". */
const outOfRange = -8;

/**
 * A Bitcoin-Core-like node: `getblock` at verbosity 2 gives every output's script, matched against
 * our addresses' scripts, so the node needs no wallet. The transactions that paid us then have their payers read
 * for the sanctions screening (`utxo-payers.ts`).
 */
export function createUtxoSource(chain: string, config: UtxoChainConfig): ChainSource {
  const rpc = createUtxoRpc(config.rpcUrl);
  const payerReader = createPayerReader(rpc);
  const coin = chain as ChainCoin;
  return {
    tipHeight: () => rpc.call<number>('getblockcount'),

    async hashAt(height) {
      const [answer] = await rpc.batch<string>([['getblockhash', [height]]]);
      if (answer!.error?.code === outOfRange) return undefined;
      if (answer!.error) throw new Error(`getblockhash: ${answer!.error.message}`);
      return answer!.result;
    },

    async scanBlocks(from, to, watched) {
      const heights = Array.from({ length: to - from + 1 }, (_, i) => from + i);
      const hashes = await rpc.batch<string>(heights.map((height) => ['getblockhash', [height]]));
      if (hashes.some((answer) => answer.error)) throw new ChainMovedError(from);
      const blocks = await rpc.batch<VerboseBlock>(hashes.map((answer) => ['getblock', [answer.result, 2]]));
      const scanned = checkLinked(
        blocks.map(({ result: block, error }, i): ScannedBlock => {
          if (error || !block) throw new ChainMovedError(heights[i]!);
          return {
            height: block.height,
            hash: block.hash,
            parentHash: block.previousblockhash ?? '',
            payments: block.tx.flatMap((tx) =>
              tx.vout
                .filter((output) => watched.has(output.scriptPubKey.hex))
                // Values are JSON numbers with at most 8 decimals: exact after rounding for any real amount.
                .map((output) => ({
                  txHash: tx.txid,
                  outputIndex: output.n,
                  matchKey: output.scriptPubKey.hex,
                  coin,
                  units: BigInt(Math.round(output.value * 1e8)),
                })),
            ),
          };
        }),
      );
      const paying = new Set(scanned.flatMap((block) => block.payments.map((payment) => payment.txHash)));
      const payers = await payerReader.payers(
        blocks.flatMap(({ result: block }) =>
          block!.tx.filter((tx) => paying.has(tx.txid)).map((tx) => ({ blockHash: block!.hash, tx })),
        ),
      );
      for (const payment of scanned.flatMap((block) => block.payments)) {
        const { addresses, unknown } = payers.get(payment.txHash) ?? { addresses: [], unknown: 'not in its block' };
        payment.sources = addresses;
        if (unknown) payment.sourcesUnknown = unknown;
      }
      return scanned;
    },
  };
}
