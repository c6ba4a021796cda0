import type { TFunction } from 'i18next';
import { signupSchema } from '../../../../../api/contracts/accounts';

type SignUpField = keyof typeof signupSchema.shape;

const isSignUpField = (field: string): field is SignUpField => field in signupSchema.shape;

/**
 * What the API's own sign-up rules say of one field's value, in the reader's language: the rule it breaks (empty,
 * too long, a password too short, not an e-mail address), or null when it meets them all.
 */
export function signUpFieldProblem(field: string, value: string, t: TFunction<'auth'>): string | null {
  if (!isSignUpField(field)) return null;
  const checked = signupSchema.shape[field].safeParse(field === 'referralCode' && !value.trim() ? undefined : value);
  if (checked.success) return null;
  const issue = checked.error.issues[0]!;
  switch (issue.code) {
    case 'too_small':
      return field === 'password'
        ? t('signUp.fieldErrors.passwordShort', { min: Number(issue.minimum) })
        : t('signUp.fieldErrors.required');
    case 'too_big':
      return t('signUp.fieldErrors.tooLong', { max: Number(issue.maximum) });
    case 'invalid_format':
      return t('common.emailInvalid');
    default:
      return t('signUp.fieldErrors.invalidCharacters');
  }
}

// Rules only the server can judge (it knows the countries and reads phone numbers by country): its words → ours.
const serverOnlyRules: Record<string, string> = {
  'Choose a country from the list': 'signUp.fieldErrors.countryUnknown',
  'Enter a valid phone number with its country code': 'signUp.fieldErrors.phoneInvalid',
};

/** The server's per-field refusals, each said as the rule that failed for the value sent. */
export function signUpFieldErrors(
  serverErrors: Record<string, string>,
  sent: Record<string, string>,
  t: TFunction<'auth'>,
): Record<string, string> {
  return Object.fromEntries(
    Object.entries(serverErrors).map(([field, message]) => {
      const known = serverOnlyRules[message];
      return [field, signUpFieldProblem(field, sent[field] ?? '', t) ?? (known ? t(known) : message)];
    }),
  );
}
