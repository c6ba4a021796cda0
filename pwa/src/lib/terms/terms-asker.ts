/**
 * Where a money action refused with 409 `terms_not_accepted` waits while the investor reads the new terms: the
 * signed-in shell's dialog registers itself here, the API client asks it and retries the action once it is accepted.
 * With no dialog mounted (a public page, a test) the refusal goes to the caller as it came.
 */
type Ask = (version: string) => Promise<boolean>;

let asker: Ask | null = null;

export function setTermsAsker(ask: Ask | null) {
  asker = ask;
}

/** True once the investor accepted `version` in the dialog; false when they closed it or nobody can ask. */
export function askToAcceptTerms(version: string): Promise<boolean> {
  return asker ? asker(version) : Promise.resolve(false);
}
