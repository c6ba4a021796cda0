// What other modules use of on-chain deposits.
import type { Db } from '../../db/connect';
import { chainAdminRepo } from './chain-admin.repo';
import { payoutSourcesRepo } from './payout-sources.repo';
import { scannerRepo } from './scanner.repo';

export { chainForCoin, onChainCoins } from './chain-coins';
export { paymentUri } from './payment-uri';
export { centsForUnits, coinText, rateShown, unitsForCents } from './amounts';
export { depositAddressBalances, type AddressBalance } from './address-balances';
export { createLiveRates, type LiveRates } from './live-rate';
export { createChainWatcher } from './watcher';
export { onChainHistoryDetails, type OnChainHistoryDetails } from './history-details';
export { presentAdminPayment } from './chain-admin.presenter';
export { accountOrigin, deriveUtxoKey, isUtxoAddressOf, pathText, utxoNetworkOf } from './derive-address';
export { createUtxoRpc, type UtxoRpc } from './utxo-rpc';

/** The coins the operator received at derived addresses, credited: what a payout batch may spend. */
export const creditedOutputs = (executor: Db, chain: string) => payoutSourcesRepo.creditedOutputs(executor, chain);

/** Records an incident for the operator (the Chains page lists it, an admin resolves it with a note). */
export const recordChainIncident = payoutSourcesRepo.recordIncident;

/** The newest on-chain payments, up to `limit`; only the investor's when `userId` is given. */
export const chainPayments = (executor: Db, limit: number, userId?: string) =>
  chainAdminRepo.payments(executor, limit, userId);

/** How far each chain is scanned (chain → height), to count a payout's confirmations as a deposit's are counted. */
export const chainScannedHeights = (executor: Db) => scannerRepo.scannedHeights(executor);
