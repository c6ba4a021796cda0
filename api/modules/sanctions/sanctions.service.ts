import { stat, readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { Knex } from 'knex';
import type { AppDeps } from '../../app-deps';
import {
  decisionsFor,
  maxSanctionsFileBytes,
  type SanctionsDecision,
  type SanctionsListLoaded,
  type SanctionsListName,
} from '../../contracts/sanctions';
import type { Db } from '../../db/connect';
import { conflict, DomainError, notFound } from '../../lib/domain-errors';
import { recordAudit } from '../audit/audit.api';
import { findUserById } from '../identity/identity.api';
import { releaseSanctionsHold } from '../kyc/kyc-limits.service';
import { createPayoutAddressService } from '../identity/payout-addresses/payout-addresses.service';
import { markOperatorNoticesDone } from '../notifications/notifications.api';
import { openWithdrawalsListed } from '../withdrawals/withdrawals.api';
import { createWithdrawalService } from '../withdrawals/withdrawals.service';
import {
  isEvmList,
  listsScreenedFor,
  normaliseAddress,
  sanctionedAddressOf,
  type SanctionsList,
} from './address-rules';
import { recordHit } from './screening';
import { sanctionsRepo, type IncidentRow } from './sanctions.repo';

const unprocessable = (message: string) => new DomainError('unprocessable', message);

/** How many refused line numbers an answer names. */
const examplesShown = 5;

/** The addresses of a list file, each normalised, with the lines that are not addresses of the chain counted. */
export function parseListFile(list: SanctionsList, bytes: Buffer) {
  if (bytes.length > maxSanctionsFileBytes) throw unprocessable('The list file must be at most 20 MB');
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw unprocessable('The list file must be plain text (UTF-8), one address a line');
  }
  if (text.includes('\u0000')) throw unprocessable('The list file must be plain text (UTF-8), one address a line');
  const addresses = new Set<string>();
  let skipped = 0;
  const examples: number[] = [];
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n|\r/);
  for (const [index, raw] of lines.entries()) {
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) continue;
    const address = sanctionedAddressOf(list, line);
    if (address) addresses.add(address);
    else {
      skipped++;
      if (examples.length < examplesShown) examples.push(index + 1);
    }
  }
  if (addresses.size === 0)
    throw unprocessable(
      skipped === 0
        ? 'The list file holds no address; the list in force is kept'
        : `No line of the file is a ${list} address (${skipped} refused, e.g. line ${examples.join(', ')}); the list in force is kept`,
    );
  return { addresses: [...addresses], skipped, examples };
}

/**
 * The operator's sanctions lists and the incidents screening opens. A list is replaced whole in one transaction,
 * under its row's lock (two loads of one list run one after the other); stored payout addresses and open withdrawals
 * are screened against it right after.
 */
export function createSanctionsService(deps: AppDeps) {
  const { db, clock } = deps;
  const payoutAddresses = createPayoutAddressService(deps);
  const withdrawals = createWithdrawalService(deps);

  /** Screens every stored payout address and open withdrawal against `list`; returns how many incidents are new. */
  async function rescreen(list: SanctionsList) {
    const coins: SanctionsList[] = isEvmList(list) ? ['ethereum', 'usdt'] : [list];
    const at = clock.now();
    let opened = 0;
    await db.transaction(async (trx) => {
      for (const coin of coins) {
        const listed = () => sanctionsRepo.listedQuery(trx, listsScreenedFor(coin));
        for (const hit of await payoutAddresses.storedAddressesIn(trx, coin, listed()))
          if (await recordHit(trx, { kind: 'payout_address', coin, ...hit, subjectId: hit.userId, at })) opened++;
        for (const hit of await openWithdrawalsListed(trx, coin, listed())) {
          if (await sanctionsRepo.released(trx, 'withdrawal', hit.id, normaliseAddress(coin, hit.address))) continue;
          const subject = { kind: 'withdrawal' as const, coin, userId: hit.userId, address: hit.address };
          if (await recordHit(trx, { ...subject, subjectId: hit.id, at })) opened++;
        }
      }
    });
    return opened;
  }

  /**
   * Replaces `list` with the file's addresses. From a config file, `fileMtimeMs` names the version: a replica that
   * finds it loaded already (another replica's job) loads nothing and returns null.
   */
  async function load(
    list: SanctionsList,
    bytes: Buffer,
    origin: { source: 'upload'; adminId: string } | { source: 'config'; fileMtimeMs: number },
  ): Promise<SanctionsListLoaded | null> {
    const { addresses, skipped, examples } = parseListFile(list, bytes);
    const loadedAt = clock.now();
    const loaded = await db.transaction(async (trx) => {
      const current = await sanctionsRepo.lockList(trx, list);
      if (origin.source === 'config' && Number(current?.file_mtime_ms) === origin.fileMtimeMs) return false;
      await sanctionsRepo.replaceList(trx, list, addresses, {
        loadedAt,
        source: origin.source,
        fileMtimeMs: origin.source === 'config' ? origin.fileMtimeMs : null,
        loadedBy: origin.source === 'upload' ? origin.adminId : null,
      });
      await recordAudit(trx, {
        actorId: origin.source === 'upload' ? origin.adminId : null,
        action: 'sanctions_list.load',
        subjectType: 'sanctions_list',
        subjectId: list,
        before: { addresses: current?.addresses ?? 0 },
        after: { chain: list, addresses: addresses.length, rejected: skipped },
        at: loadedAt,
      });
      return true;
    });
    if (!loaded) return null;
    const newIncidents = await rescreen(list);
    return {
      chain: list,
      addresses: addresses.length,
      loadedAt: loadedAt.toISOString(),
      skippedLines: skipped,
      skippedExamples: examples,
      newIncidents,
    };
  }

  /** Loads each configured list file whose modification time differs from the one last loaded from it. */
  async function reloadConfiguredLists() {
    const configured = Object.entries(deps.config.operator.sanctionsLists ?? {}) as Array<[SanctionsList, string]>;
    if (configured.length === 0) return [];
    const known = new Map((await sanctionsRepo.lists(db)).map((row) => [row.list, Number(row.file_mtime_ms)]));
    const loaded: SanctionsListLoaded[] = [];
    for (const [list, path] of configured) {
      const file = resolve(path);
      const { mtimeMs, size } = await stat(file);
      const version = Math.trunc(mtimeMs);
      if (known.get(list) === version) continue;
      if (size > maxSanctionsFileBytes) {
        deps.logger.error({ list, file }, 'sanctions list file over 20 MB: not loaded');
        continue;
      }
      try {
        const result = await load(list, await readFile(file), { source: 'config', fileMtimeMs: version });
        if (result) loaded.push(result);
      } catch (error) {
        // A bad file keeps the list in force and is logged; it is tried again each minute until it loads.
        deps.logger.error({ err: error, list, file }, 'sanctions list file not loaded');
      }
    }
    return loaded;
  }

  async function presentable(executor: Db, rows: IncidentRow[]) {
    const emails = new Map<string, string | null>();
    for (const userId of new Set(rows.map((row) => row.user_id)))
      emails.set(userId, (await findUserById(executor, userId))?.email ?? null);
    return rows.map((row) => ({ ...row, email: emails.get(row.user_id) ?? null }));
  }

  /** Applies a decision's effect on its subject, in the decision's transaction. */
  async function applyDecision(trx: Db, adminId: string, incident: IncidentRow, decision: SanctionsDecision) {
    if (incident.kind === 'withdrawal' && decision === 'reject')
      await withdrawals.reject(adminId, incident.subject_id, 'Refused by sanctions screening', trx);
    // Released before its credit, the deposit is credited as usual; after, its hold goes back to available.
    if (incident.kind === 'deposit' && decision === 'release')
      await releaseSanctionsHold(trx as Knex.Transaction, {
        userId: incident.user_id,
        depositKey: incident.subject_id,
        adminId,
        at: clock.now(),
      });
  }

  return {
    load,
    rescreen,
    reloadConfiguredLists,

    async summaries() {
      const rows = new Map((await sanctionsRepo.lists(db)).map((row) => [row.list, row]));
      return (['bitcoin', 'ethereum', 'usdt', 'litecoin', 'dogecoin'] as const).map((chain) => {
        const row = rows.get(chain);
        const loaded = row && row.loaded_at.getTime() > 0;
        return {
          chain: chain as SanctionsListName,
          addresses: loaded ? row.addresses : 0,
          loadedAt: loaded ? row.loaded_at.toISOString() : null,
          source: loaded ? row.source : null,
        };
      });
    },

    async incidents(status: 'open' | 'all') {
      const [rows, open] = await Promise.all([
        sanctionsRepo.page(db, status === 'open', 200),
        sanctionsRepo.countOpen(db),
      ]);
      return { incidents: await presentable(db, rows), open };
    },

    /** One decision per incident: of two admins deciding at once, the second gets 409. Audited. */
    async decide(adminId: string, id: string, decision: SanctionsDecision, note: string) {
      return db.transaction(async (trx) => {
        const incident = await sanctionsRepo.byIdForUpdate(trx, id);
        if (!incident) throw notFound('Incident not found');
        if (incident.decided_at) throw conflict(`This incident was already decided (${incident.decision})`);
        const allowed: readonly string[] = decisionsFor[incident.kind];
        if (!allowed.includes(decision))
          throw new DomainError(
            'invalid',
            `A ${incident.kind.replace('_', ' ')} incident takes: ${allowed.join(', ')}`,
          );
        const at = clock.now();
        await applyDecision(trx, adminId, incident, decision);
        await sanctionsRepo.decide(trx, id, { decision, by: adminId, at, note });
        await markOperatorNoticesDone(trx, `sanctions-incident:${id}`, at);
        await recordAudit(trx, {
          actorId: adminId,
          action: 'sanctions_incident.decide',
          subjectType: 'sanctions_incident',
          subjectId: id,
          before: { status: 'open', kind: incident.kind, chain: incident.chain, address: incident.address },
          after: { decision, reason: note },
          at,
        });
        return (await presentable(trx, [(await sanctionsRepo.byIdForUpdate(trx, id))!]))[0]!;
      });
    },
  };
}

export type SanctionsService = ReturnType<typeof createSanctionsService>;
