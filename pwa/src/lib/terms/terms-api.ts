import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TermsAcceptancesAnswer, TermsStatusAnswer, TermsTextAnswer } from '../../../../api/contracts/terms';
import { apiGet, apiPost } from '../api-client';

const withLanguage = (language: string) => ({ searchParams: { language } });

export const fetchCurrentTerms = (language: string) => apiGet<TermsTextAnswer>('terms/current', withLanguage(language));
export const fetchTermsText = (version: string, language: string) =>
  apiGet<TermsTextAnswer>(`terms/text/${encodeURIComponent(version)}`, withLanguage(language));
export const fetchTermsStatus = () => apiGet<TermsStatusAnswer>('terms');
export const fetchTermsAcceptances = () => apiGet<TermsAcceptancesAnswer>('terms/acceptances');
export const acceptTerms = (version: string) => apiPost<TermsStatusAnswer>('terms/accept', { version });

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
