import { useQuery } from '@tanstack/react-query';
import type { TermsAcceptancesAnswer } from '../../../../../api/contracts/terms';
import { apiGet } from '../../../lib/api-client';

/** GET /api/admin/users/:id/terms: every acceptance of the terms on record for one user, newest first. */
export const useUserTerms = (id: string) =>
  useQuery({
    queryKey: ['admin', 'users', id, 'terms'],
    queryFn: () => apiGet<TermsAcceptancesAnswer>(`admin/users/${encodeURIComponent(id)}/terms`),
  });
