import type { Db } from '../../db/connect';
import type { SanctionsList } from './address-rules';

export type IncidentKind = 'payout_address' | 'withdrawal' | 'deposit';
export type IncidentDecision = 'release' | 'reject' | 'keep_frozen' | 'dismiss';

export interface IncidentRow {
  id: string;
  kind: IncidentKind;
  user_id: string;
  chain: string;
  address: string;
  subject_id: string;
  created_at: Date;
  decided_at: Date | null;
  decided_by: string | null;
  decision: IncidentDecision | null;
  note: string | null;
}

export interface ListRow {
  list: SanctionsList;
  addresses: number;
  loaded_at: Date;
  source: 'upload' | 'config';
  file_mtime_ms: string | null;
}

export interface NewIncident {
  kind: IncidentKind;
  userId: string;
  chain: string;
  address: string;
  subjectId: string;
  at: Date;
}

// Rows per INSERT when a list is stored: 5,000 two-column rows stay far under PostgreSQL's 65,535 parameters.
const insertChunk = 5_000;

export const sanctionsRepo = {
  /** Whether `address` (normalised) is on one of `lists`: one primary-key lookup per list, whatever their size. */
  async isListed(executor: Db, lists: readonly SanctionsList[], address: string) {
    const row = await executor('sanctioned_addresses')
      .whereIn('list', lists as SanctionsList[])
      .andWhere({ address })
      .first('list');
    return row !== undefined;
  },

  /** The addresses of `lists`, as a subquery a screening of many stored addresses joins against. */
  listedQuery: (executor: Db, lists: readonly SanctionsList[]) =>
    executor('sanctioned_addresses')
      .whereIn('list', lists as SanctionsList[])
      .select('address'),

  lists: (executor: Db) => executor<ListRow>('sanctions_lists').select('*').orderBy('list'),

  /** Takes the list's row lock (made if missing), so two loads of one list run one after the other. */
  async lockList(executor: Db, list: SanctionsList) {
    await executor.raw(
      `insert into sanctions_lists (list, addresses, loaded_at, source) values (?, 0, to_timestamp(0), 'upload')
       on conflict (list) do nothing`,
      [list],
    );
    return executor<ListRow>('sanctions_lists').where({ list }).forUpdate().first();
  },

  /** Replaces the list's addresses (inside the caller's transaction) and says so in its row. */
  async replaceList(
    executor: Db,
    list: SanctionsList,
    addresses: readonly string[],
    row: { loadedAt: Date; source: 'upload' | 'config'; fileMtimeMs: number | null; loadedBy: string | null },
  ) {
    await executor('sanctioned_addresses').where({ list }).delete();
    for (let start = 0; start < addresses.length; start += insertChunk) {
      const chunk = addresses.slice(start, start + insertChunk);
      await executor.raw(
        `insert into sanctioned_addresses (list, address)
         select ?, address from unnest(?::text[]) as address on conflict do nothing`,
        [list, chunk],
      );
    }
    await executor('sanctions_lists').where({ list }).update({
      addresses: addresses.length,
      loaded_at: row.loadedAt,
      source: row.source,
      file_mtime_ms: row.fileMtimeMs,
      loaded_by: row.loadedBy,
    });
  },

  /** Records a hit once per subject and address; returns the new incident, or undefined when it was there already. */
  async recordIncident(executor: Db, incident: NewIncident) {
    const [row] = await executor('sanctions_incidents')
      .insert({
        kind: incident.kind,
        user_id: incident.userId,
        chain: incident.chain,
        address: incident.address,
        subject_id: incident.subjectId,
        created_at: incident.at,
      })
      .onConflict(['kind', 'subject_id', 'address'])
      .ignore()
      .returning<IncidentRow[]>('*');
    return row;
  },

  /** Whether the subject has an incident of `kind` not yet decided (a withdrawal held, a deposit frozen). */
  async hasOpen(executor: Db, kind: IncidentKind, subjectId: string) {
    const row = await executor('sanctions_incidents')
      .where({ kind, subject_id: subjectId })
      .whereNull('decided_at')
      .first('id');
    return row !== undefined;
  },

  /** Whether the deposit has an incident left open or decided `keep_frozen`: its money stays held. */
  async frozenDeposit(executor: Db, depositKey: string) {
    const row = await executor('sanctions_incidents')
      .where({ kind: 'deposit', subject_id: depositKey })
      .where((query) => query.whereNull('decided_at').orWhere('decision', 'keep_frozen'))
      .first('id');
    return row !== undefined;
  },

  /** Of `subjectIds`, those with an open incident of `kind`. */
  async openSubjects(executor: Db, kind: IncidentKind, subjectIds: readonly string[]) {
    if (subjectIds.length === 0) return new Set<string>();
    const rows = await executor('sanctions_incidents')
      .where({ kind })
      .whereIn('subject_id', subjectIds as string[])
      .whereNull('decided_at')
      .select('subject_id');
    return new Set(rows.map((row: { subject_id: string }) => row.subject_id));
  },

  /** Whether the subject's incident with this address was released by the operator (screening passes it). */
  async released(executor: Db, kind: IncidentKind, subjectId: string, address: string) {
    const row = await executor('sanctions_incidents')
      .where({ kind, subject_id: subjectId, address, decision: 'release' })
      .first('id');
    return row !== undefined;
  },

  byIdForUpdate: (executor: Db, id: string) =>
    executor<IncidentRow>('sanctions_incidents').where({ id }).forUpdate().first(),

  async decide(executor: Db, id: string, decision: { decision: IncidentDecision; by: string; at: Date; note: string }) {
    await executor('sanctions_incidents').where({ id }).update({
      decision: decision.decision,
      decided_by: decision.by,
      decided_at: decision.at,
      note: decision.note,
    });
  },

  /** Incidents newest first: the open ones, or all. */
  async page(executor: Db, open: boolean, limit: number) {
    const query = executor<IncidentRow>('sanctions_incidents').select('*');
    if (open) query.whereNull('decided_at');
    return query.orderBy('id', 'desc').limit(limit);
  },

  countOpen: async (executor: Db) =>
    Number(
      ((await executor('sanctions_incidents').whereNull('decided_at').count({ n: '*' }).first()) as { n: string }).n,
    ),
};
