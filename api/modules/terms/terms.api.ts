import type { Db } from '../../db/connect';
import { presentTermsAcceptance } from './terms.presenter';
import { termsRepo } from './terms.repo';

// What other modules use of terms: the sign-up's and the purchase's record, the money actions' check, the export.
export {
  checkSignupAcceptance,
  currentTermsVersion,
  recordAcceptance as recordTermsAcceptance,
  requireCurrentTerms,
} from './terms.service';

/** Every acceptance of the user, newest first, as the data export lists them (with the address it came from). */
export async function termsExportOf(executor: Db, userId: string) {
  return (await termsRepo.listOf(executor, userId)).map((row) => ({ ...presentTermsAcceptance(row), ip: row.ip }));
}

/** Erasure: forgets the addresses the acceptances came from; the acceptances stay on record. */
export const forgetTermsAddressesOf = (executor: Db, userId: string) => termsRepo.forgetAddressesOf(executor, userId);
