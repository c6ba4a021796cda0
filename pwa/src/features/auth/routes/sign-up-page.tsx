import { useCallback, useState, type ChangeEvent, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { termsVersionChangedCode } from '../../../../../api/contracts/terms';
import { Checkbox } from '../../../components/ui/checkbox';
import { Dialog } from '../../../components/ui/dialog';
import { Spinner } from '../../../components/ui/spinner';
import { ApiError } from '../../../lib/api-error';
import type { TermsTextAnswer } from '../../../../../api/contracts/terms';
import { fetchCurrentTerms } from '../../../lib/terms/terms-requests';
import { TermsDocumentView } from '../../../lib/terms/terms-document';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { paths } from '../../../config/paths';
import { saveSession } from '../../../lib/session-store';
import { signUp, type SignUpInput } from '../api/auth-api';
import { AuthCard, FormMessage } from '../components/auth-card';
import { CountrySelect } from '../components/country-select';
import { PasswordField } from '../components/password-field';
import { PasswordStrengthMeter } from '../../../components/ui/password-strength-meter';
import { fieldErrorsOf, signUpErrorMessage } from '../utils/auth-messages';
import { signUpFieldErrors, signUpFieldProblem } from '../utils/sign-up-fields';
import { useEarlyInput } from '../../../lib/hydration/use-early-input';

type Fields = Required<SignUpInput>;
const emptyFields: Fields = {
  firstName: '',
  lastName: '',
  email: '',
  phoneNumber: '',
  country: '',
  password: '',
  referralCode: '',
};

export function SignUpPage() {
  const { t, i18n } = useTranslation('auth');
  const navigate = useNavigate();
  // The terms and risk disclosure the box accepts (issue 37): read on demand, and their current version asked for
  // when the form is sent, so the page itself loads nothing more.
  const [acceptedTerms, setAcceptedTerms] = useState(false);
  const [termsError, setTermsError] = useState('');
  const [readingTerms, setReadingTerms] = useState(false);
  // No query client on this light public page: the text is fetched when asked for.
  const [terms, setTerms] = useState<TermsTextAnswer | null>(null);
  const readTerms = () => {
    setReadingTerms(true);
    if (!terms || terms.language !== i18n.language)
      fetchCurrentTerms(i18n.language).then(setTerms, () => setReadingTerms(false));
  };
  const { code } = useParams();
  const [fields, setFields] = useState<Fields>({ ...emptyFields, referralCode: code ?? '' });
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState('');
  const [loading, setLoading] = useState(false);
  const { ref: formRef, submitProps } = useEarlyInput<HTMLFormElement>();

  // A field's message follows what is typed: gone once the field meets the rules, else the rule it breaks now.
  const recheck = useCallback(
    (name: keyof Fields, value: string) =>
      setFieldErrors((current) => {
        if (!(name in current)) return current;
        const { [name]: _shown, ...others } = current;
        const problem = signUpFieldProblem(name, value, t);
        return problem ? { ...others, [name]: problem } : others;
      }),
    [t],
  );
  const set = (name: keyof Fields) => (value: string) => {
    setFields((current) => ({ ...current, [name]: value }));
    recheck(name, value);
  };
  const setCountry = useCallback(
    (country: string) => {
      setFields((current) => ({ ...current, country }));
      recheck('country', country);
    },
    [recheck],
  );
  const text = (name: Exclude<keyof Fields, 'password' | 'country'>, autoComplete: string, type = 'text') => ({
    name,
    type,
    autoComplete,
    value: fields[name],
    onChange: (event: ChangeEvent<HTMLInputElement>) => set(name)(event.target.value),
    error: fieldErrors[name],
  });

  // The spec leaves every check to the server; its answer is mapped to our texts.
  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFormError('');
    setFieldErrors({});
    if (!acceptedTerms) {
      setTermsError(t('signUp.errors.termsRequired'));
      return;
    }
    setTermsError('');
    setLoading(true);
    const { referralCode, ...required } = fields;
    try {
      const { version } = await fetchCurrentTerms(i18n.language);
      const answer = await signUp(
        {
          ...required,
          email: required.email.trim(),
          ...(referralCode.trim() ? { referralCode: referralCode.trim() } : {}),
        },
        version,
      );
      saveSession({ user: answer.user, referralLink: answer.referralLink });
      void navigate(paths.dashboard);
    } catch (error) {
      if (error instanceof ApiError && (error.status === 422 || error.body.code === termsVersionChangedCode)) {
        // The terms changed while the page was open: the new text is fetched, and the box asks again.
        setAcceptedTerms(false);
        setTermsError(t(error.status === 422 ? 'signUp.errors.termsRequired' : 'signUp.errors.termsChanged'));
        setTerms(null);
        setLoading(false);
        return;
      }
      setFormError(signUpErrorMessage(error, t));
      setFieldErrors(signUpFieldErrors(fieldErrorsOf(error), fields, t));
      setLoading(false);
    }
  }

  return (
    <AuthCard
      title={t('signUp.title')}
      lead={t('signUp.lead')}
      footer={
        <>
          {t('signUp.haveAccount')} <Link to={paths.signIn}>{t('signUp.signInLink')}</Link>
        </>
      }
    >
      <form ref={formRef} className="auth-form" method="post" onSubmit={onSubmit} noValidate>
        <div className="auth-form__row auth-form__row--two">
          <TextField label={t('fields.firstName')} {...text('firstName', 'given-name')} />
          <TextField label={t('fields.lastName')} {...text('lastName', 'family-name')} />
        </div>
        <TextField label={t('fields.email')} dir="auto" {...text('email', 'email', 'email')} />
        <div className="auth-form__row auth-form__row--two">
          <TextField
            label={t('fields.phoneNumber')}
            inputMode="tel"
            dir="auto"
            {...text('phoneNumber', 'tel', 'tel')}
          />
          <CountrySelect value={fields.country} onValueChange={setCountry} error={fieldErrors.country} />
        </div>
        <PasswordField
          label={t('fields.password')}
          name="password"
          autoComplete="new-password"
          value={fields.password}
          onValueChange={set('password')}
          error={fieldErrors.password}
        >
          <PasswordStrengthMeter password={fields.password} />
        </PasswordField>
        <TextField
          label={t('fields.referralCode')}
          hint={code ? t('signUp.referralApplied') : undefined}
          {...text('referralCode', 'off')}
        />
        <div className="auth-form__terms">
          <Checkbox
            name="acceptedTerms"
            checked={acceptedTerms}
            onChange={(event) => {
              setAcceptedTerms(event.target.checked);
              if (event.target.checked) setTermsError('');
            }}
            aria-invalid={termsError ? true : undefined}
            aria-describedby={termsError ? 'sign-up-terms-error' : undefined}
            label={t('signUp.acceptTerms')}
          />
          <button type="button" className="auth-form__terms-link" onClick={readTerms}>
            {t('signUp.readTerms')}
          </button>
          {termsError && (
            <p id="sign-up-terms-error" className="field__error" role="alert">
              {termsError}
            </p>
          )}
        </div>
        {formError && <FormMessage tone="error">{formError}</FormMessage>}
        <Button type="submit" block size="lg" busy={loading} {...submitProps}>
          {loading ? t('signUp.loading') : t('signUp.submit')}
        </Button>
      </form>
      <Dialog
        open={readingTerms}
        title={terms?.document.title ?? t('signUp.readTerms')}
        onClose={() => setReadingTerms(false)}
      >
        {terms ? <TermsDocumentView document={terms.document} /> : <Spinner label={t('signUp.loading')} />}
      </Dialog>
    </AuthCard>
  );
}
