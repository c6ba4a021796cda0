import {
  decodeEventLog,
  formatUnits,
  getAddress,
  parseAbiItem,
  TransactionNotFoundError,
  TransactionReceiptNotFoundError,
  type Hash,
  type PublicClient,
} from 'viem';

/**
 * On EVM chains the operator pays each withdrawal from their own wallet and gives the transaction hash; nothing is
 * "paid" on their word. The transaction, read from the node, must pay the withdrawal's address at least the fixed coin
 * amount (natively, or by a `Transfer` log of the configured token contract) and must have succeeded.
 */

const transferEvent = parseAbiItem('event Transfer(address indexed from, address indexed to, uint256 value)');

export interface EvmPayoutDue {
  /** The investor's payout address. */
  to: string;
  /** The coin amount fixed at approval, in the coin's smallest unit. */
  units: bigint;
  symbol: string;
  decimals: number;
  /** The token contract, or none for the chain's native coin. */
  contract?: string;
}

export type EvmPayoutCheck =
  | {
      ok: true;
      /** The `Transfer` log's index, or -1 for a native transfer: with the chain and hash, what makes a payment unique. */
      logIndex: number;
      paidUnits: bigint;
      blockNumber: bigint;
      blockHash: Hash;
    }
  | { ok: false; reason: string };

const sameAddress = (a: string | null | undefined, b: string) => !!a && a.toLowerCase() === b.toLowerCase();

export async function checkEvmPayout(client: PublicClient, hash: Hash, due: EvmPayoutDue): Promise<EvmPayoutCheck> {
  const amount = (units: bigint) => `${formatUnits(units, due.decimals)} ${due.symbol}`;
  let transaction;
  let receipt;
  try {
    transaction = await client.getTransaction({ hash });
  } catch (error) {
    if (error instanceof TransactionNotFoundError) return { ok: false, reason: `No transaction ${hash} on this chain` };
    throw error;
  }
  try {
    receipt = await client.getTransactionReceipt({ hash });
  } catch (error) {
    if (error instanceof TransactionReceiptNotFoundError)
      return { ok: false, reason: 'This transaction is not in a block yet: enter it again once it is mined' };
    throw error;
  }
  if (receipt.status !== 'success') return { ok: false, reason: 'This transaction failed on chain: it paid nothing' };

  if (!due.contract) {
    if (!sameAddress(transaction.to, due.to))
      return {
        ok: false,
        reason: `This transaction pays ${transaction.to ? getAddress(transaction.to) : 'a new contract'}, not the investor's address`,
      };
    if (transaction.value < due.units)
      return { ok: false, reason: `This transaction pays ${amount(transaction.value)}, ${amount(due.units)} due` };
    return {
      ok: true,
      logIndex: -1,
      paidUnits: transaction.value,
      blockNumber: receipt.blockNumber,
      blockHash: receipt.blockHash,
    };
  }

  const transfers = receipt.logs
    .filter((log) => sameAddress(log.address, due.contract!))
    .flatMap((log) => {
      try {
        const { args } = decodeEventLog({ abi: [transferEvent], data: log.data, topics: log.topics });
        return [{ to: args.to, value: args.value, logIndex: log.logIndex }];
      } catch {
        return [];
      }
    });
  if (transfers.length === 0) return { ok: false, reason: `This transaction moves no ${due.symbol}` };
  const toInvestor = transfers.filter((transfer) => sameAddress(transfer.to, due.to));
  if (toInvestor.length === 0)
    return { ok: false, reason: `This transaction pays ${transfers[0]!.to}, not the investor's address` };
  const paying = toInvestor.find((transfer) => transfer.value >= due.units);
  if (!paying) {
    const largest = toInvestor.reduce((max, transfer) => (transfer.value > max ? transfer.value : max), 0n);
    return { ok: false, reason: `This transaction pays ${amount(largest)}, ${amount(due.units)} due` };
  }
  return {
    ok: true,
    logIndex: paying.logIndex,
    paidUnits: paying.value,
    blockNumber: receipt.blockNumber,
    blockHash: receipt.blockHash,
  };
}
