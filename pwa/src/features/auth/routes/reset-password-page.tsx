import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { paths } from '../../../config/paths';
import { requestPasswordReset } from '../api/auth-api';
import { AuthCard, FormMessage } from '../components/auth-card';
import { looksLikeEmail, serverErrorMessage } from '../utils/auth-messages';

export function ResetPasswordPage() {
  const { t } = useTranslation('auth');
  const [email, setEmail] = useState('');
  const [emailError, setEmailError] = useState('');
  const [result, setResult] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const [sending, setSending] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!looksLikeEmail(email)) {
      setEmailError(t('common.emailInvalid'));
      return;
    }
    setEmailError('');
    setSending(true);
    try {
      await requestPasswordReset(email.trim());
      // The server answers the same whether or not the address is registered; so do we.
      setResult({ tone: 'success', text: t('resetPassword.sent') });
    } catch (error) {
      setResult({ tone: 'error', text: serverErrorMessage(error, t) });
    } finally {
      setSending(false);
    }
  }

  return (
    <AuthCard
      title={t('resetPassword.title')}
      lead={t('resetPassword.lead')}
      footer={<Link to={paths.signIn}>{t('resetPassword.backToSignIn')}</Link>}
    >
      <form className="auth-form" onSubmit={onSubmit} noValidate>
        <TextField
          label={t('fields.email')}
          type="email"
          dir="auto"
          name="email"
          autoComplete="email"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          error={emailError || undefined}
        />
        {result && <FormMessage tone={result.tone}>{result.text}</FormMessage>}
        <Button type="submit" block size="lg" busy={sending}>
          {sending ? t('resetPassword.sending') : t('resetPassword.submit')}
        </Button>
      </form>
    </AuthCard>
  );
}
