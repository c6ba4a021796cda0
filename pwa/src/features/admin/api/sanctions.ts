import { queryOptions, useQuery } from '@tanstack/react-query';
import type {
  SanctionsDecision,
  SanctionsIncident,
  SanctionsListLoaded,
  SanctionsListName,
  SanctionsListSummary,
} from '../../../../../api/contracts/sanctions';
import { apiGet, apiPost, apiRequest } from '../../../lib/api-client';
import { adminKeys } from './admin-keys';

export type { SanctionsDecision, SanctionsIncident, SanctionsListLoaded, SanctionsListName, SanctionsListSummary };

/** GET /api/admin/sanctions-lists: each coin's list, its size and when it was loaded. */
export const sanctionsListsQuery = () =>
  queryOptions({
    queryKey: [...adminKeys.all, 'sanctions-lists'],
    queryFn: async () => (await apiGet<{ lists: SanctionsListSummary[] }>('admin/sanctions-lists')).lists,
  });

export const useSanctionsLists = () => useQuery(sanctionsListsQuery());

/** GET /api/admin/sanctions-incidents: the open incidents, newest first. */
export const sanctionsIncidentsQuery = () =>
  queryOptions({
    queryKey: [...adminKeys.all, 'sanctions-incidents'],
    queryFn: async () =>
      (await apiGet<{ incidents: SanctionsIncident[]; open: number }>('admin/sanctions-incidents')).incidents,
    refetchInterval: 30_000,
  });

export const useSanctionsIncidents = () => useQuery(sanctionsIncidentsQuery());

/** POST /api/admin/sanctions-lists (multipart chain, file): the list replaces the coin's list in force. */
export function uploadSanctionsList(chain: SanctionsListName, file: File) {
  const form = new FormData();
  form.set('chain', chain);
  form.set('file', file);
  return apiRequest<SanctionsListLoaded>('admin/sanctions-lists', { method: 'post', body: form, timeout: 120_000 });
}

/** POST /api/admin/sanctions-incidents/:id/decide {decision, note}: 409 when another admin decided it first. */
export const decideSanctionsIncident = (id: string, decision: SanctionsDecision, note: string) =>
  apiPost<{ incident: SanctionsIncident }>(`admin/sanctions-incidents/${encodeURIComponent(id)}/decide`, {
    decision,
    note,
  });
