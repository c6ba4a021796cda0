import type { UtxoRpc } from './utxo-rpc';

export interface ScriptPubKey {
  hex: string;
  /** Bitcoin Core ≥ 22 writes one address; older nodes (Litecoin Core 0.21) a list. */
  address?: string;
  addresses?: string[];
}

export interface VerboseTx {
  txid: string;
  /** A coinbase input has no `txid`; `prevout` only at `getblock` verbosity 3 (Bitcoin Core ≥ 23). */
  vin: Array<{ txid?: string; vout?: number; coinbase?: string; prevout?: { scriptPubKey: ScriptPubKey } }>;
  vout: Array<{ n: number; value: number; scriptPubKey: ScriptPubKey }>;
}

/** Who paid a transaction: its inputs' addresses as the node writes them, and why some could not be read, if so. */
export interface Payers {
  addresses: string[];
  unknown?: string;
}

/** Bitcoin Core's "no such transaction": getrawtransaction without -txindex for a transaction not in the mempool. */
const noSuchTransaction = -5;
/** Bitcoin Core's "invalid parameter": a node that refuses `getblock` verbosity 3 outright. */
const invalidParameter = -8;

// An output without an address (P2PK, bare multisig) names nobody a list could hold: nothing to screen.
const addressOf = (script: ScriptPubKey) => script.address ?? script.addresses?.[0];

function payersOf(inputs: Array<string | undefined | { unknown: string }>): Payers {
  const addresses = new Set<string>();
  let unknown: string | undefined;
  for (const input of inputs) {
    if (typeof input === 'string') addresses.add(input);
    else if (input) unknown ??= input.unknown;
  }
  return { addresses: [...addresses], ...(unknown && { unknown }) };
}

const spends = (tx: VerboseTx) => tx.vin.filter((input) => input.coinbase === undefined);

/**
 * Reads the payers of the few transactions that paid us (never of a whole block): from `getblock <hash> 3` where the
 * node gives each input's prevout (Bitcoin Core ≥ 23, no index needed), else from one batch of `getrawtransaction`
 * of the transactions spent (Litecoin Core 0.21; needs -txindex=1 for any but mempool ones). Which of the two is
 * learned from the node's first answer at verbosity 3, not from a version string.
 */
export function createPayerReader(rpc: UtxoRpc) {
  let blocksCarryPrevouts: boolean | undefined;

  /** From the blocks at verbosity 3; undefined once the node turns out not to give prevouts. */
  async function fromBlocks(paid: Array<{ blockHash: string; tx: VerboseTx }>) {
    const wanted = new Set(paid.map(({ tx }) => tx.txid));
    const hashes = [...new Set(paid.map(({ blockHash }) => blockHash))];
    const answers = await rpc.batch<{ tx: VerboseTx[] }>(hashes.map((hash) => ['getblock', [hash, 3]]));
    const found = new Map<string, Payers>();
    for (const { result, error } of answers) {
      if (error?.code === invalidParameter && blocksCarryPrevouts === undefined) blocksCarryPrevouts = false;
      if (blocksCarryPrevouts === false) return undefined;
      if (error || !result) throw new Error(`getblock: ${error?.message ?? 'no block'}`);
      for (const tx of result.tx.filter((candidate) => wanted.has(candidate.txid))) {
        const inputs = spends(tx);
        // A node older than verbosity 3 answers as at 2 (Litecoin Core 0.21 does): inputs without prevouts.
        if (blocksCarryPrevouts === undefined && inputs.length > 0)
          blocksCarryPrevouts = inputs[0]!.prevout !== undefined;
        if (blocksCarryPrevouts === false) return undefined;
        found.set(
          tx.txid,
          payersOf(
            inputs.map((input) =>
              input.prevout ? addressOf(input.prevout.scriptPubKey) : { unknown: 'the node gave no prevout' },
            ),
          ),
        );
      }
    }
    return found;
  }

  /** From the transactions spent, in one batch; one the node does not have (-5) leaves its payer unknown. */
  async function fromPreviousTransactions(txs: VerboseTx[]) {
    const ids = [...new Set(txs.flatMap((tx) => spends(tx).flatMap((input) => (input.txid ? [input.txid] : []))))];
    const answers = await rpc.batch<VerboseTx>(ids.map((id) => ['getrawtransaction', [id, true]]));
    const previous = new Map<string, VerboseTx | { unknown: string }>();
    answers.forEach(({ result, error }, i) => {
      if (error && error.code !== noSuchTransaction) throw new Error(`getrawtransaction: ${error.message}`);
      previous.set(ids[i]!, error || !result ? { unknown: error?.message ?? 'no answer' } : result);
    });
    return new Map(
      txs.map((tx) => [
        tx.txid,
        payersOf(
          spends(tx).map((input) => {
            // An input without a transaction id (a Litecoin MWEB one) cannot be looked up.
            const spent = input.txid === undefined ? undefined : previous.get(input.txid);
            if (!spent) return { unknown: 'an input names no transaction' };
            if ('unknown' in spent) return spent;
            const output = spent.vout.find((candidate) => candidate.n === input.vout);
            return output ? addressOf(output.scriptPubKey) : { unknown: `no output ${input.vout} in ${input.txid}` };
          }),
        ),
      ]),
    );
  }

  return {
    /** Each paying transaction's payers, by its id. */
    async payers(paid: Array<{ blockHash: string; tx: VerboseTx }>): Promise<Map<string, Payers>> {
      if (paid.length === 0) return new Map();
      if (blocksCarryPrevouts !== false) {
        const found = await fromBlocks(paid);
        if (found) return found;
      }
      return fromPreviousTransactions(paid.map(({ tx }) => tx));
    },
  };
}
