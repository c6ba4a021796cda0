import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { PasswordStrengthMeter } from '../../../components/ui/password-strength-meter';
import { TextField } from '../../../components/ui/text-field';
import { addAdmin } from '../api/admin-accounts';
import { invalidateAdminData } from '../api/admin-keys';
import { FormOutcome, outcomeOf, type Outcome } from '../components/form-outcome';
import { PasswordInput } from '../components/password-input';
import { isEmail, MIN_PASSWORD_LENGTH } from '../utils/validation';

type Fields = { email: string; password: string; name: string };
const empty: Fields = { email: '', password: '', name: '' };

/** Add Admin: e-mail, password (≥ 8), optional name. The form is cleared only when the admin was added. */
export function AddAdminPage() {
  const { t } = useTranslation('admin');
  const queryClient = useQueryClient();
  const [fields, setFields] = useState<Fields>(empty);
  const [errors, setErrors] = useState<Partial<Fields>>({});
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const add = useMutation({
    networkMode: 'always',
    mutationFn: () =>
      addAdmin({
        email: fields.email.trim(),
        password: fields.password,
        ...(fields.name.trim() ? { name: fields.name.trim() } : {}),
      }),
    onSuccess: () => {
      setFields(empty);
      setOutcome({ tone: 'success', text: t('addAdmin.success') });
      void invalidateAdminData(queryClient);
    },
    onError: (error) => {
      const result = outcomeOf(error, t('addAdmin.error'), t);
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
      password:
        fields.password.length >= MIN_PASSWORD_LENGTH
          ? undefined
          : t('form.passwordTooShort', { min: MIN_PASSWORD_LENGTH }),
    };
    setErrors(nextErrors);
    if (nextErrors.email || nextErrors.password) return;
    add.mutate();
  };

  return (
    <div className="admin-page">
      <h1 className="admin-page__title">{t('addAdmin.title')}</h1>
      <Card as="section" className="admin-form-card">
        <p>{t('addAdmin.lead')}</p>
        <form className="admin-form" onSubmit={submit} noValidate>
          <TextField
            label={t('form.email')}
            type="email"
            autoComplete="off"
            dir="auto"
            required
            value={fields.email}
            error={errors.email}
            onChange={set('email')}
          />
          <PasswordInput
            label={t('form.password')}
            autoComplete="new-password"
            required
            hint={t('form.passwordHint', { min: MIN_PASSWORD_LENGTH })}
            value={fields.password}
            error={errors.password}
            onChange={set('password')}
          />
          <PasswordStrengthMeter password={fields.password} />
          <TextField
            label={t('addAdmin.name')}
            autoComplete="off"
            hint={t('addAdmin.nameHint')}
            value={fields.name}
            error={errors.name}
            onChange={set('name')}
          />
          <FormOutcome outcome={outcome} />
          <Button type="submit" busy={add.isPending}>
            {add.isPending ? t('addAdmin.submitting') : t('addAdmin.submit')}
          </Button>
        </form>
      </Card>
    </div>
  );
}
