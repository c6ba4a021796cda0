// What other modules use of the audit log: every module records its own actions in the change's transaction.
export { recordAudit, type AuditEvent } from './audit.repo';
export { scrubAuditLog } from './erasure.repo';
