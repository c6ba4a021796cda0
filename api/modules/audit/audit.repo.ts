import type { AuditAction, AuditFields, AuditSubject } from '../../contracts/audit';
import type { Db } from '../../db/connect';

export interface AuditEvent {
  actorId: string | null;
  action: AuditAction;
  subjectType: AuditSubject;
  subjectId?: string | null;
  before?: AuditFields | null;
  after?: AuditFields | null;
  at: Date;
}

/** Written inside the same transaction as the change it records. */
export async function recordAudit(db: Db, event: AuditEvent) {
  await db('audit_log').insert({
    actor_id: event.actorId,
    action: event.action,
    subject_type: event.subjectType,
    subject_id: event.subjectId ?? null,
    before: event.before === undefined ? null : JSON.stringify(event.before),
    after: event.after === undefined ? null : JSON.stringify(event.after),
    created_at: event.at,
  });
}
