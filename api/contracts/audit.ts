// What the audit log can record, in one list shared by the recorders (api/modules/audit/audit.repo.ts types every
// row with it) and the admin audit page, which words each entry in the operator's language
// (locales/<lng>/admin-desk.json `audit.actions`, `audit.subjects`, `audit.fields`).

export const auditActions = [
  'admin.add',
  'user.reset_password',
  'user.end_sessions',
  'user.resend_verification',
  'receipt.confirm',
  'receipt.reject',
  'withdrawal.approve',
  'withdrawal.reject',
  'withdrawal.payment',
  'payout_batch.build',
  'payout_batch.sign',
  'payout_batch.bump',
  'payout_batch.cancel',
  'export.csv',
  'payout_address.set',
  'payout_address.change_request',
  'payout_address.change_confirm',
  'payout_address.change_cancel',
  'payout_address.activate',
  'account.two_factor_enable',
  'account.two_factor_disable',
  'account.two_factor_recovery_codes',
  'account.email_change',
  'account.email_restore',
  'account.change_password',
  'chain_incident.resolve',
  'chain-deposit.credit',
  'sanctions_list.load',
  'sanctions_incident.decide',
  'liability_snapshot.create',
  'plan.create',
  'plan.update',
  'plan.retire',
  'plan.reactivate',
  'plan.order',
  'user.export_data',
  'user.erase',
  'kyc.approve',
  'fund_hold.release',
  'kyc_limits.update',
  'kyc.reject',
  'kyc.documents_remove',
] as const;
export type AuditAction = (typeof auditActions)[number];

/** What a row is about (`subject_type`). */
export const auditSubjects = [
  'user',
  'deposit',
  'withdrawal',
  'export',
  'plan',
  'chain_incident',
  'chain_payment',
  'sanctions_list',
  'fund_hold',
  'kyc_limits',
  'sanctions_incident',
  'liability_snapshot',
  'payout_batch',
  'kyc_submission',
] as const;
export type AuditSubject = (typeof auditSubjects)[number];

/** The keys a row's `before` and `after` may hold. */
export const auditFields = [
  // receipts, withdrawals, accounts, exports
  'status',
  'amountCents',
  'reason',
  'txHash',
  'email',
  'name',
  'role',
  'sessionsEnded',
  'format',
  'erasedBy',
  'sessions',
  'table',
  'filter',
  // payout addresses
  'kind',
  'address',
  // on-chain deposits and incidents
  'chain',
  'coin',
  'units',
  'rate',
  'cents',
  'key',
  'quoteId',
  'resolution',
  'resolvedAt',
  // sanctions screening
  'addresses',
  'rejected',
  'decision',
  // payout batches
  'feeRate',
  // liability snapshots
  'root',
  'totalCents',
  'investors',
  'ledgerTransactionId',
  'dailyKey',
  // plans
  'names',
  'amountLabel',
  'description',
  'descriptions',
  'roiBasisPoints',
  'minCents',
  'maxCents',
  'durationHours',
  'miner',
  // held money and limits per identity level
  'limits',
  'note',
  'presetsCents',
  'onSale',
  'position',
  'version',
  'ids',
  // identity checks
  'userId',
  'documents',
] as const;
export type AuditField = (typeof auditFields)[number];
export type AuditFields = { readonly [Field in AuditField]?: unknown };
