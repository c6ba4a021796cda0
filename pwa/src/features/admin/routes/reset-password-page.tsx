import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { PasswordStrengthMeter } from '../../../components/ui/password-strength-meter';
import { TextField } from '../../../components/ui/text-field';
import { resetUserPassword } from '../api/admin-accounts';
import { FormOutcome, outcomeOf, type Outcome } from '../components/form-outcome';
import { PasswordInput } from '../components/password-input';
import { isEmail, MIN_PASSWORD_LENGTH } from '../utils/validation';

type Fields = { email: string; newPassword: string };
const empty: Fields = { email: '', newPassword: '' };

/** Reset Password (/reset-password1): sets a user's password by e-mail; their sessions end on the server. */
export function ResetPasswordPage() {
  const { t } = useTranslation('admin');
  const [fields, setFields] = useState<Fields>(empty);
  const [errors, setErrors] = useState<Partial<Fields>>({});
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const reset = useMutation({
    networkMode: 'always',
    mutationFn: () => resetUserPassword({ email: fields.email.trim(), newPassword: fields.newPassword }),
    onSuccess: () => {
      setFields(empty);
      setOutcome({ tone: 'success', text: t('resetPassword.success') });
    },
    onError: (error) => {
      const result = outcomeOf(error, t('resetPassword.error'), t);
      setErrors(result.fieldErrors);
      setOutcome(result.outcome);
    },
  });
  const set = (key: keyof Fields) => (event: { target: { value: string } }) =>
    setFields((current) => ({ ...current, [key]: event.target.value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setOutcome(null);
    const nextErrors: Partial<Fields> = {
      email: !fields.email.trim()
        ? t('form.emailRequired')
        : isEmail(fields.email)
          ? undefined
          : t('form.emailInvalid'),
      newPassword:
        fields.newPassword.length >= MIN_PASSWORD_LENGTH
          ? undefined
          : t('form.passwordTooShort', { min: MIN_PASSWORD_LENGTH }),
    };
    setErrors(nextErrors);
    if (nextErrors.email || nextErrors.newPassword) return;
    reset.mutate();
  };

  return (
    <div className="admin-page">
      <h1 className="admin-page__title">{t('resetPassword.title')}</h1>
      <Card as="section" className="admin-form-card">
        <p>{t('resetPassword.lead')}</p>
        <form className="admin-form" onSubmit={submit} noValidate>
          <TextField
            label={t('resetPassword.email')}
            type="email"
            autoComplete="off"
            dir="auto"
            required
            value={fields.email}
            error={errors.email}
            onChange={set('email')}
          />
          <PasswordInput
            label={t('resetPassword.newPassword')}
            autoComplete="new-password"
            required
            hint={t('form.passwordHint', { min: MIN_PASSWORD_LENGTH })}
            value={fields.newPassword}
            error={errors.newPassword}
            onChange={set('newPassword')}
          />
          <PasswordStrengthMeter password={fields.newPassword} />
          <FormOutcome outcome={outcome} />
          <Button type="submit" busy={reset.isPending}>
            {reset.isPending ? t('resetPassword.submitting') : t('resetPassword.submit')}
          </Button>
        </form>
      </Card>
    </div>
  );
}
