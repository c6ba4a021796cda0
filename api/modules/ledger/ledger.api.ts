/** What other modules may use of the ledger besides posting (`ledger.service.ts`): its reads and its checks. */
export * from './ledger-reads';
export { ledgerViolations } from './ledger-invariants';
export type { InvestorAccountKind, TransactionKind } from './ledger.service';
export { investorAccountsForUpdate, investorEntriesAfter, type LedgerEntryExport } from './ledger-privacy';
