import { z } from 'zod';
import { safeString } from './input-rules';

// Terms on record (issue 37): the operator's terms and risk disclosure, versioned; shared by the API and the PWA.

/** The answer's `code` when a money action waits for the current terms to be accepted (409). */
export const termsNotAcceptedCode = 'terms_not_accepted';
/** The answer's `code` when a sign-up or an acceptance names a version that is not the current one (409). */
export const termsVersionChangedCode = 'terms_version_changed';

export const termsVersionRule = safeString()
  .trim()
  .min(1, 'Terms version is required')
  .max(40, 'Terms version must be at most 40 characters');

export const acceptTermsSchema = z.object({ version: termsVersionRule });
export type AcceptTermsInput = z.infer<typeof acceptTermsSchema>;

export const termsTextQuerySchema = z.object({ language: safeString().max(10).optional() });

export const termsContexts = ['sign_up', 're_accept', 'plan_purchase'] as const;
export type TermsContext = (typeof termsContexts)[number];

/** The text keys of `locales/<lang>/terms.json`'s `document`, in reading order, after its title and notice. */
export const termsDocumentSections = [
  ['termsHeading', 'terms1', 'terms2', 'terms3', 'terms4'],
  ['riskHeading', 'risk1', 'risk2', 'risk3', 'risk4'],
] as const;

export interface TermsDocument {
  title: string;
  /** Says the text is a fictional firm's placeholder until the operator writes their own. */
  notice: string;
  sections: { heading: string; paragraphs: string[] }[];
}

/** GET /api/terms */
export interface TermsStatusAnswer {
  version: string;
  acceptedVersion: string | null;
  acceptedAt: string | null;
}

export interface TermsAcceptanceAnswer {
  version: string;
  acceptedAt: string;
  context: TermsContext;
  planId: number | null;
  planVersion: number | null;
}

/** GET /api/terms/acceptances and the admin's user page */
export interface TermsAcceptancesAnswer {
  acceptances: TermsAcceptanceAnswer[];
}

/** GET /api/terms/text/:version */
export interface TermsTextAnswer {
  version: string;
  language: string;
  document: TermsDocument;
}
