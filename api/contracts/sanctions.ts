import { z } from 'zod';
import { safeString } from './input-rules';

/** The lists of sanctioned addresses, one per payout coin (USDT: the ERC-20 token on Ethereum). */
export const sanctionsListNames = ['bitcoin', 'ethereum', 'usdt', 'litecoin', 'dogecoin'] as const;
export type SanctionsListName = (typeof sanctionsListNames)[number];

/** The most a list file may weigh (the largest published lists are a few hundred kilobytes). */
export const maxSanctionsFileBytes = 20 * 1024 * 1024;

/** POST /api/admin/sanctions-lists' form field beside the `file`. */
export const sanctionsListUploadFields = z.object({
  chain: z.enum(sanctionsListNames, { error: `Choose a list: ${sanctionsListNames.join(', ')}` }),
});

export const sanctionsIncidentKinds = ['payout_address', 'withdrawal', 'deposit'] as const;
export type SanctionsIncidentKind = (typeof sanctionsIncidentKinds)[number];

/** Which decisions each kind of incident takes: no automatic confiscation, a person decides. */
export const decisionsFor = {
  payout_address: ['dismiss'],
  withdrawal: ['release', 'reject'],
  deposit: ['release', 'keep_frozen'],
} as const satisfies Record<SanctionsIncidentKind, readonly string[]>;
export type SanctionsDecision = (typeof decisionsFor)[SanctionsIncidentKind][number];

export const decideIncidentSchema = z.object({
  decision: z.enum(['release', 'reject', 'keep_frozen', 'dismiss']),
  note: safeString().trim().min(3, 'Write a note of at least 3 characters').max(2000),
});

export const incidentListQuerySchema = z.object({
  status: z.enum(['open', 'all']).default('open'),
});

/** GET /api/admin/sanctions-lists: each list's size and when it was loaded (null: never). */
export interface SanctionsListSummary {
  chain: SanctionsListName;
  addresses: number;
  loadedAt: string | null;
  source: 'upload' | 'config' | null;
}

/** POST /api/admin/sanctions-lists' answer: the lines that were not addresses of the chain are counted, not loaded. */
export interface SanctionsListLoaded {
  chain: SanctionsListName;
  addresses: number;
  loadedAt: string;
  skippedLines: number;
  /** The first few of them, by line number. */
  skippedExamples: number[];
  /** Incidents opened by screening stored payout addresses and open withdrawals against the new list. */
  newIncidents: number;
}

export interface SanctionsIncident {
  id: string;
  kind: SanctionsIncidentKind;
  userId: string;
  email: string | null;
  chain: string;
  address: string;
  subjectId: string;
  createdAt: string;
  decidedAt: string | null;
  decidedBy: string | null;
  decision: SanctionsDecision | null;
  note: string | null;
}
