import type { TermsAcceptancesAnswer, TermsStatusAnswer, TermsTextAnswer } from '../../../../api/contracts/terms';
import { apiGet, apiPost } from '../api-client';

// The terms' requests without the query library: the public sign-up page asks for the text with them, and a first
// screen loads no TanStack Query (pwa/build/first-load-budget.test.ts).

const withLanguage = (language: string) => ({ searchParams: { language } });

export const fetchCurrentTerms = (language: string) => apiGet<TermsTextAnswer>('terms/current', withLanguage(language));
export const fetchTermsText = (version: string, language: string) =>
  apiGet<TermsTextAnswer>(`terms/text/${encodeURIComponent(version)}`, withLanguage(language));
export const fetchTermsStatus = () => apiGet<TermsStatusAnswer>('terms');
export const fetchTermsAcceptances = () => apiGet<TermsAcceptancesAnswer>('terms/acceptances');
export const acceptTerms = (version: string) => apiPost<TermsStatusAnswer>('terms/accept', { version });
