import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchCurrentTerms, fetchTermsAcceptances, fetchTermsStatus, fetchTermsText } from './terms-requests';

export {
  acceptTerms,
  fetchCurrentTerms,
  fetchTermsAcceptances,
  fetchTermsStatus,
  fetchTermsText,
} from './terms-requests';

export const termsKeys = {
  status: ['terms', 'status'] as const,
  acceptances: ['terms', 'acceptances'] as const,
  current: (language: string) => ['terms', 'current', language] as const,
  text: (version: string, language: string) => ['terms', 'text', version, language] as const,
};

export const currentTermsQuery = (language: string) =>
  queryOptions({ queryKey: termsKeys.current(language), queryFn: () => fetchCurrentTerms(language) });

export const termsTextQuery = (version: string, language: string) =>
  queryOptions({
    queryKey: termsKeys.text(version, language),
    queryFn: () => fetchTermsText(version, language),
    // A version's text does not change once accepted.
    staleTime: Infinity,
  });

export const useTermsStatus = (enabled = true) =>
  useQuery({ queryKey: termsKeys.status, queryFn: fetchTermsStatus, enabled });
export const useTermsAcceptances = () => useQuery({ queryKey: termsKeys.acceptances, queryFn: fetchTermsAcceptances });
