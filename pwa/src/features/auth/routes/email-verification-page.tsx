import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { paths } from '../../../config/paths';
import { investorQueryKeys } from '../../../lib/queries/investor';
import { resendVerification, verifyEmail } from '../api/auth-api';
import { AuthCard, FormMessage } from '../components/auth-card';
import { looksLikeEmail, serverErrorMessage } from '../utils/auth-messages';

type Outcome = { tone: 'success' | 'error'; text: string } | null;

export function EmailVerificationPage() {
  const { t } = useTranslation('auth');
  const [searchParams] = useSearchParams();
  const [email, setEmail] = useState(searchParams.get('email') ?? '');
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<{ email?: string; code?: string }>({});
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [busy, setBusy] = useState<'verify' | 'resend' | null>(null);
  const queryClient = useQueryClient();

  const emailProblem = () => (looksLikeEmail(email) ? undefined : t('common.emailInvalid'));

  async function run(action: 'verify' | 'resend', call: () => Promise<unknown>, successText: string) {
    setBusy(action);
    setOutcome(null);
    try {
      await call();
      setOutcome({ tone: 'success', text: successText });
    } catch (error) {
      setOutcome({ tone: 'error', text: serverErrorMessage(error, t) });
    } finally {
      setBusy(null);
    }
  }

  function onVerify(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = {
      email: emailProblem(),
      code: /^\d{6}$/.test(code.trim()) ? undefined : t('verifyEmail.codeInvalid'),
    };
    setErrors(found);
    if (found.email || found.code) return;
    // A signed-in investor's dashboard banner goes once the session check says the address is verified.
    const verify = () =>
      verifyEmail(email.trim(), code.trim()).then(() =>
        queryClient.invalidateQueries({ queryKey: investorQueryKeys.userData }),
      );
    void run('verify', verify, t('verifyEmail.verified'));
  }

  function onResend() {
    const problem = emailProblem();
    setErrors({ email: problem });
    if (problem) return;
    void run('resend', () => resendVerification(email.trim()), t('verifyEmail.resent'));
  }

  return (
    <AuthCard
      title={t('verifyEmail.title')}
      lead={t('verifyEmail.lead')}
      footer={<Link to={paths.signIn}>{t('resetPassword.backToSignIn')}</Link>}
    >
      <form className="auth-form" onSubmit={onVerify} noValidate>
        <TextField
          label={t('fields.email')}
          type="email"
          dir="auto"
          name="email"
          autoComplete="email"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          error={errors.email}
        />
        <TextField
          label={t('fields.verificationCode')}
          name="verificationCode"
          inputMode="numeric"
          dir="ltr"
          autoComplete="one-time-code"
          maxLength={6}
          hint={t('verifyEmail.codeHint')}
          value={code}
          onChange={(event) => setCode(event.target.value.replace(/\D/g, ''))}
          error={errors.code}
        />
        {outcome && <FormMessage tone={outcome.tone}>{outcome.text}</FormMessage>}
        <Button type="submit" block size="lg" busy={busy === 'verify'} disabled={busy !== null}>
          {busy === 'verify' ? t('verifyEmail.verifying') : t('verifyEmail.submit')}
        </Button>
        <Button variant="secondary" block busy={busy === 'resend'} disabled={busy !== null} onClick={onResend}>
          {t('verifyEmail.resend')}
        </Button>
      </form>
    </AuthCard>
  );
}
