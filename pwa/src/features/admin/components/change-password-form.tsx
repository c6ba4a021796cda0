import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { PasswordStrengthMeter } from '../../../components/ui/password-strength-meter';
import { TwoFactorCodeField } from '../../../components/ui/two-factor-code-field';
import { accountSecurityKeys, twoFactorStatusQuery } from '../../../lib/account-security/api';
import { twoFactorProblem } from '../../../lib/account-security/two-factor-problem';
import { changeOwnPassword } from '../api/admin-accounts';
import { MIN_PASSWORD_LENGTH } from '../utils/validation';
import { FormOutcome, outcomeOf, type Outcome } from './form-outcome';
import { PasswordInput } from './password-input';

type Fields = { currentPassword: string; newPassword: string; code: string };
const empty: Fields = { currentPassword: '', newPassword: '', code: '' };

/**
 * The admin's own new password (the Security page): the current one, the new one with the sign-up's strength meter,
 * and the two-factor code once enrolled. The server ends the admin's other sessions and audits the change.
 */
export function ChangePasswordForm() {
  const { t } = useTranslation('admin');
  const { t: desk } = useTranslation('admin-desk');
  const { t: security } = useTranslation('security');
  const titleId = useId();
  const queryClient = useQueryClient();
  const enrolled = useQuery(twoFactorStatusQuery()).data?.enabled ?? false;
  const [fields, setFields] = useState<Fields>(empty);
  const [errors, setErrors] = useState<Partial<Fields>>({});
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  const change = useMutation({
    networkMode: 'always',
    mutationFn: () =>
      changeOwnPassword({
        currentPassword: fields.currentPassword,
        newPassword: fields.newPassword,
        ...(enrolled && { code: fields.code.trim() }),
      }),
    onSuccess: () => {
      setFields(empty);
      setOutcome({ tone: 'success', text: desk('changePassword.done') });
      // The sessions list below shows the others gone.
      void queryClient.invalidateQueries({ queryKey: accountSecurityKeys.sessions });
    },
    onError: (error) => {
      const problem = twoFactorProblem(error);
      if (problem) {
        setErrors({ code: security(problem === 'required' ? 'code.required' : 'code.invalid') });
        return;
      }
      const { outcome: refused, fieldErrors } = outcomeOf(error, desk('changePassword.failed'), t);
      const found: Partial<Fields> = {
        currentPassword: fieldErrors.currentPassword && desk('changePassword.wrongCurrent'),
        newPassword: fieldErrors.newPassword && t('form.passwordTooShort', { min: MIN_PASSWORD_LENGTH }),
      };
      setErrors(found);
      // A field's own message says it all; the form's line is for what no field explains.
      if (!found.currentPassword && !found.newPassword) setOutcome(refused);
    },
  });

  const set = (key: keyof Fields) => (value: string) => {
    setFields((current) => ({ ...current, [key]: value }));
    setErrors((current) => ({ ...current, [key]: undefined }));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setOutcome(null);
    const found: Partial<Fields> = {
      currentPassword: fields.currentPassword ? undefined : desk('changePassword.currentRequired'),
      newPassword:
        fields.newPassword.length >= MIN_PASSWORD_LENGTH
          ? undefined
          : t('form.passwordTooShort', { min: MIN_PASSWORD_LENGTH }),
      code: enrolled && !fields.code.trim() ? security('code.required') : undefined,
    };
    setErrors(found);
    if (!found.currentPassword && !found.newPassword && !found.code) change.mutate();
  };

  return (
    <section aria-labelledby={titleId} className="admin-change-password">
      <h2 id={titleId}>{desk('changePassword.title')}</h2>
      <p>{desk('changePassword.lead')}</p>
      <form className="admin-form" onSubmit={submit} noValidate>
        <PasswordInput
          label={desk('changePassword.current')}
          autoComplete="current-password"
          required
          value={fields.currentPassword}
          error={errors.currentPassword}
          onChange={(event) => set('currentPassword')(event.target.value)}
        />
        <div>
          <PasswordInput
            label={desk('changePassword.new')}
            autoComplete="new-password"
            required
            hint={t('form.passwordHint', { min: MIN_PASSWORD_LENGTH })}
            value={fields.newPassword}
            error={errors.newPassword}
            onChange={(event) => set('newPassword')(event.target.value)}
          />
          <PasswordStrengthMeter password={fields.newPassword} />
        </div>
        {enrolled && <TwoFactorCodeField value={fields.code} error={errors.code} onChange={set('code')} />}
        <FormOutcome outcome={outcome} />
        <Button type="submit" busy={change.isPending}>
          {change.isPending ? desk('changePassword.submitting') : desk('changePassword.submit')}
        </Button>
      </form>
    </section>
  );
}
