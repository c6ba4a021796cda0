import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { ApiError } from '../../../lib/api-client';
import { updatePassword, type PasswordChange } from '../api/profile-api';
import { SaveStatus } from './save-status';

const emptyPasswords = { oldPassword: '', newPassword: '', confirmPassword: '' };

/** Password/Security: POST /api/update-password; mismatching new passwords are caught before sending. */
export function PasswordSecurityForm({ email: accountEmail }: { email: string }) {
  const { t } = useTranslation('investor');
  const [values, setValues] = useState<PasswordChange>({ email: accountEmail, ...emptyPasswords });
  const [mismatch, setMismatch] = useState(false);
  const change = useMutation({
    mutationFn: updatePassword,
    onSuccess: () => setValues((current) => ({ ...current, ...emptyPasswords })),
  });
  const serverErrors = change.error instanceof ApiError ? change.error.errors : {};

  function submit(event: FormEvent) {
    event.preventDefault();
    const doNotMatch = values.newPassword !== values.confirmPassword;
    setMismatch(doNotMatch);
    if (doNotMatch) return change.reset();
    change.mutate(values);
  }

  const field = (name: keyof PasswordChange, autoComplete: string) => (
    <TextField
      label={t(`profile.fields.${name === 'email' ? 'email' : name}`)}
      name={name}
      type={name === 'email' ? 'email' : 'password'}
      autoComplete={autoComplete}
      dir={name === 'email' ? 'ltr' : undefined}
      value={values[name]}
      onChange={(event) => setValues((current) => ({ ...current, [name]: event.target.value }))}
      error={name === 'confirmPassword' && mismatch ? t('profile.passwordsDoNotMatch') : serverErrors[name]}
      required
    />
  );

  return (
    <form className="profile-form" onSubmit={submit} noValidate>
      <div className="profile-form__grid">
        {field('email', 'username')}
        {field('oldPassword', 'current-password')}
        {field('newPassword', 'new-password')}
        {field('confirmPassword', 'new-password')}
      </div>
      <Button type="submit" busy={change.isPending}>
        {change.isPending ? t('profile.updatingPassword') : t('profile.updatePassword')}
      </Button>
      <SaveStatus isSuccess={change.isSuccess} error={change.error} success={t('profile.passwordUpdated')} />
    </form>
  );
}
