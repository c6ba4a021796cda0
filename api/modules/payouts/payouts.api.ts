// What other modules use of payouts: the chain-side checks of a payment the operator made from their own wallet.
export { checkEvmPayout, type EvmPayoutCheck, type EvmPayoutDue } from './evm-payout-check';
export {
  BatchNotFundedError,
  buildBatchPsbt,
  checkSignedBatch,
  type BuiltBatch,
  type SpendableCoin,
} from './utxo-batch';
