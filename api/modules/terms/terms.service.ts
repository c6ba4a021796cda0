import type { AppDeps } from '../../app-deps';
import type { AppConfig } from '../../config/load';
import type { Db } from '../../db/connect';
import { termsNotAcceptedCode, termsVersionChangedCode, type TermsContext } from '../../contracts/terms';
import { conflict, DomainError, notFound } from '../../lib/domain-errors';
import { currentTermsTexts, textIn } from './terms-texts';
import { termsRepo } from './terms.repo';

/** The version investors must have accepted: TERMS_VERSION when set, else the operator config's `termsVersion`. */
export const currentTermsVersion = (config: AppConfig) => config.env.TERMS_VERSION ?? config.operator.termsVersion;

let textsOfThisProcess: ReturnType<typeof currentTermsTexts> | undefined;
const currentTexts = () => (textsOfThisProcess ??= currentTermsTexts());

const versionChanged = (version: string) =>
  conflict(`The terms changed: version ${version} is the current one. Read it and accept it to go on.`, {
    code: termsVersionChangedCode,
    version,
  });

export interface TermsAcceptance {
  userId: string;
  context: TermsContext;
  at: Date;
  ip?: string | null;
  planId?: number | null;
  planVersion?: number | null;
}

/** Records that the user accepted the current version now (its texts kept on its first acceptance). */
export async function recordAcceptance(executor: Db, config: AppConfig, acceptance: TermsAcceptance) {
  const version = currentTermsVersion(config);
  await termsRepo.keepVersionTexts(executor, version, currentTexts(), acceptance.at);
  await termsRepo.insertAcceptance(executor, {
    user_id: acceptance.userId,
    version,
    accepted_at: acceptance.at,
    ip: acceptance.ip ?? null,
    context: acceptance.context,
    plan_id: acceptance.planId ?? null,
    plan_version: acceptance.planVersion ?? null,
  });
  return version;
}

/**
 * Sign-up's check of `acceptedTermsVersion`: missing is 422 (the box was not ticked), another version than the
 * current one is 409 with the current one (the page showed an older text).
 */
export function checkSignupAcceptance(config: AppConfig, accepted: unknown) {
  const message = 'Accept the terms and the risk disclosure to sign up';
  if (typeof accepted !== 'string' || accepted.trim() === '')
    throw new DomainError('unprocessable', message, { errors: { acceptedTermsVersion: message } });
  const version = currentTermsVersion(config);
  if (accepted.trim() !== version) throw versionChanged(version);
}

/** Refuses a money action (409 terms_not_accepted) until the user has accepted the current version. */
export async function requireCurrentTerms(executor: Db, config: AppConfig, userId: string) {
  const version = currentTermsVersion(config);
  if (await termsRepo.acceptanceOf(executor, userId, version)) return;
  throw conflict(`Our terms and risk disclosure changed (version ${version}). Read and accept them to go on.`, {
    code: termsNotAcceptedCode,
    version,
  });
}

export function createTermsService({ db, clock, config }: Pick<AppDeps, 'db' | 'clock' | 'config'>) {
  return {
    async status(userId: string) {
      const version = currentTermsVersion(config);
      const accepted = (await termsRepo.acceptanceOf(db, userId, version)) ?? (await termsRepo.latestOf(db, userId));
      return { version, accepted };
    },

    /** Accepting the current version again records nothing new; another version is 409 with the current one. */
    async accept(userId: string, version: string, ip: string | null) {
      const current = currentTermsVersion(config);
      if (version !== current) throw versionChanged(current);
      return db.transaction(async (trx) => {
        const already = await termsRepo.acceptanceOf(trx, userId, current);
        if (already) return already;
        await recordAcceptance(trx, config, { userId, context: 're_accept', at: clock.now(), ip });
        return (await termsRepo.acceptanceOf(trx, userId, current))!;
      });
    },

    acceptances: (userId: string) => termsRepo.listOf(db, userId),

    /** The text of a version in a language: the current one from the locales, an older one as it was kept. */
    async text(version: string, language: string | undefined) {
      const texts =
        version === currentTermsVersion(config) ? currentTexts() : await termsRepo.versionTexts(db, version);
      if (!texts) throw notFound('No text is kept for that version of the terms');
      const [shownIn, document] = textIn(texts, language);
      return { version, language: shownIn, document };
    },
  };
}
