import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { Button, ButtonLink } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { confirmPasswordReset } from '../api/auth-api';
import { AuthCard, FormMessage } from '../components/auth-card';
import { PasswordField } from '../components/password-field';
import { PasswordStrengthMeter } from '../../../components/ui/password-strength-meter';
import { fieldErrorsOf, serverErrorMessage } from '../utils/auth-messages';

type Problem = { kind: 'form' | 'link'; text: string } | null;

export function UpdatePasswordPage() {
  const { t } = useTranslation('auth');
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token')?.trim() ?? '';
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [problem, setProblem] = useState<Problem>(
    token ? null : { kind: 'link', text: t('updatePassword.missingToken') },
  );
  const [passwordError, setPasswordError] = useState('');
  const [saving, setSaving] = useState(false);
  const [dialogOpen, setDialogOpen] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!password || !confirmation) return setProblem({ kind: 'form', text: t('updatePassword.fillBoth') });
    if (password !== confirmation) return setProblem({ kind: 'form', text: t('updatePassword.mismatch') });
    setProblem(null);
    setPasswordError('');
    setSaving(true);
    try {
      await confirmPasswordReset(token, password);
      setPassword('');
      setConfirmation('');
      setDialogOpen(true);
    } catch (error) {
      const fields = fieldErrorsOf(error);
      const linkRejected =
        fields.token !== undefined || (error instanceof ApiError && error.message === 'Invalid or expired reset link');
      if (linkRejected) setProblem({ kind: 'link', text: t('updatePassword.expired') });
      else if (fields.newPassword) setPasswordError(fields.newPassword);
      else setProblem({ kind: 'form', text: serverErrorMessage(error, t) });
    } finally {
      setSaving(false);
    }
  }

  return (
    <AuthCard
      title={t('updatePassword.title')}
      lead={t('updatePassword.lead')}
      footer={<Link to={paths.resetPassword}>{t('updatePassword.requestNew')}</Link>}
    >
      {problem?.kind === 'link' && <FormMessage tone="error">{problem.text}</FormMessage>}
      {token && (
        <form className="auth-form" onSubmit={onSubmit} noValidate>
          <PasswordField
            label={t('fields.newPassword')}
            name="newPassword"
            autoComplete="new-password"
            value={password}
            onValueChange={setPassword}
            error={passwordError || undefined}
          >
            <PasswordStrengthMeter password={password} />
          </PasswordField>
          <PasswordField
            label={t('fields.confirmPassword')}
            name="confirmPassword"
            autoComplete="new-password"
            value={confirmation}
            onValueChange={setConfirmation}
          >
            <PasswordStrengthMeter password={confirmation} />
          </PasswordField>
          {problem?.kind === 'form' && <FormMessage tone="error">{problem.text}</FormMessage>}
          <Button type="submit" block size="lg" busy={saving}>
            {saving ? t('updatePassword.saving') : t('updatePassword.submit')}
          </Button>
        </form>
      )}
      <Dialog
        open={dialogOpen}
        title={t('updatePassword.dialogTitle')}
        onClose={() => setDialogOpen(false)}
        actions={<ButtonLink to={paths.productHome}>{t('updatePassword.continue')}</ButtonLink>}
      >
        <p>{t('updatePassword.dialogBody')}</p>
      </Dialog>
    </AuthCard>
  );
}
