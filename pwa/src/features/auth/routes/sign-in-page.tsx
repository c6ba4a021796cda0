import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { Button } from '../../../components/ui/button';
import { Checkbox } from '../../../components/ui/checkbox';
import { TextField } from '../../../components/ui/text-field';
import { TwoFactorCodeField } from '../../../components/ui/two-factor-code-field';
import { paths } from '../../../config/paths';
import { saveSession } from '../../../lib/session-store';
import { twoFactorProblem } from '../../../lib/account-security/two-factor-problem';
import { AuthCard, FormMessage } from '../components/auth-card';
import { PasswordField } from '../components/password-field';
import { serverErrorMessage } from '../utils/auth-messages';
import { useEarlyInput } from '../../../lib/hydration/use-early-input';

// The API client (ky, 4.6 KB) loads when the visitor starts on the form, not with the page: a first visit that only
// reads it fetches less, and by the time the form is sent it is there.
const loadAuthApi = () => import('../api/auth-api');

export function SignInPage() {
  const { t } = useTranslation('auth');
  const { t: tSecurity } = useTranslation('security');
  const navigate = useNavigate();
  const { ref: formRef, submitProps } = useEarlyInput<HTMLFormElement>();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [rememberMe, setRememberMe] = useState(false);
  const [emailFocused, setEmailFocused] = useState(false);
  const [emailVisited, setEmailVisited] = useState(false);
  const [formError, setFormError] = useState('');
  const [submitting, setSubmitting] = useState(false);
  // Once the server asks for it, the two-factor code is part of the form.
  const [codeStep, setCodeStep] = useState(false);
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState('');

  // The spec's inline warning: an empty e-mail field that the user has left.
  const emailWarning = emailVisited && !emailFocused && email.trim() === '' ? t('common.emailInvalid') : undefined;

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!email.trim() || !password) {
      setEmailVisited(true);
      setFormError(t('signIn.fillAll'));
      return;
    }
    setFormError('');
    setCodeError('');
    setSubmitting(true);
    try {
      const { signIn } = await loadAuthApi();
      const answer = await signIn({
        email: email.trim(),
        password,
        rememberMe,
        ...(codeStep && { code: code.trim() }),
      });
      saveSession({ user: answer.user, referralLink: answer.referralLink });
      void navigate(paths.dashboard);
    } catch (error) {
      const problem = twoFactorProblem(error);
      if (problem) {
        setCodeStep(true);
        if (problem === 'invalid' || codeStep) setCodeError(tSecurity('code.invalid'));
      } else setFormError(serverErrorMessage(error, t));
      setSubmitting(false);
    }
  }

  return (
    <AuthCard
      title={t('signIn.title')}
      lead={t('signIn.lead')}
      footer={
        <>
          {t('signIn.noAccount')} <Link to={paths.signUp}>{t('signIn.signUpLink')}</Link>
        </>
      }
    >
      <form
        ref={formRef}
        className="auth-form"
        method="post"
        onSubmit={onSubmit}
        onFocus={() => void loadAuthApi()}
        noValidate
      >
        <TextField
          label={t('fields.email')}
          type="email"
          dir="auto"
          name="email"
          autoComplete="email"
          required
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          onFocus={() => setEmailFocused(true)}
          onBlur={() => {
            setEmailFocused(false);
            setEmailVisited(true);
          }}
          error={emailWarning}
        />
        <PasswordField
          label={t('fields.password')}
          name="password"
          autoComplete="current-password"
          required
          value={password}
          onValueChange={setPassword}
        />
        {codeStep && <TwoFactorCodeField value={code} onChange={setCode} error={codeError} autoFocus />}
        <div className="auth-form__inline">
          <Checkbox
            label={t('signIn.rememberMe')}
            checked={rememberMe}
            onChange={(event) => setRememberMe(event.target.checked)}
          />
          <Link to={paths.resetPassword}>{t('signIn.forgot')}</Link>
        </div>
        {formError && <FormMessage tone="error">{formError}</FormMessage>}
        <Button type="submit" block size="lg" busy={submitting} {...submitProps}>
          {submitting ? t('signIn.submitting') : t('signIn.submit')}
        </Button>
      </form>
    </AuthCard>
  );
}
