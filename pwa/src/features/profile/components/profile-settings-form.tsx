import { useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Button } from '../../../components/ui/button';
import { Select } from '../../../components/ui/select';
import { TextField } from '../../../components/ui/text-field';
import { paths } from '../../../config/paths';
import type { InvestorProfile } from '../../../../../api/contracts/answers';
import { profileFields } from '../api/profile-api';
import { countryOptions } from '../../../lib/countries';
import { useTabForm } from '../utils/use-tab-form';
import { PendingProfileEdits } from './pending-profile-edits';
import { SaveStatus } from './save-status';

/**
 * Profile Settings: name, e-mail, phone, country and address. A new e-mail needs the current
 * password (the server refuses it without) and has to be verified again.
 */
export function ProfileSettingsForm({ profile }: { profile: InvestorProfile }) {
  const { t, i18n } = useTranslation('investor');
  const [currentPassword, setCurrentPassword] = useState('');
  const isNewEmail = (email: string) => email.trim().toLowerCase() !== profile.email.toLowerCase();
  const { values, setValue, save, queued, fieldErrors, serverErrors, emailChangedTo } = useTabForm(
    profile,
    profileFields,
    {
      tab: 'profile',
      extraBody: (sent): Record<string, string> => (isNewEmail(sent.email ?? '') ? { currentPassword } : {}),
    },
  );
  const emailChanging = isNewEmail(values.email);
  const countries = useMemo(() => countryOptions(i18n.language), [i18n.language]);

  function submit(event: FormEvent) {
    event.preventDefault();
    save.mutate();
  }

  const text = (
    field: 'firstName' | 'lastName' | 'email' | 'phoneNumber' | 'address',
    extra: Record<string, string> = {},
  ) => (
    <TextField
      label={t(`profile.fields.${field}`)}
      name={field}
      value={values[field]}
      onChange={(event) => setValue(field, event.target.value)}
      error={fieldErrors[field]}
      {...extra}
    />
  );

  return (
    <form className="profile-form" onSubmit={submit} noValidate>
      <div className="profile-form__grid">
        {text('firstName', { autoComplete: 'given-name' })}
        {text('lastName', { autoComplete: 'family-name' })}
        {text('email', { type: 'email', autoComplete: 'email', dir: 'ltr' })}
        {text('phoneNumber', { type: 'tel', autoComplete: 'tel', dir: 'ltr' })}
        <Select
          label={t('profile.fields.country')}
          name="country"
          autoComplete="country"
          placeholder={t('profile.fields.countryPlaceholder')}
          options={countries}
          value={values.country}
          onChange={(event) => setValue('country', event.target.value)}
          error={fieldErrors.country}
        />
        {text('address', { autoComplete: 'street-address' })}
        {emailChanging && (
          <TextField
            label={t('profile.fields.oldPassword')}
            hint={t('profile.currentPasswordForEmail')}
            name="currentPassword"
            type="password"
            autoComplete="current-password"
            required
            value={currentPassword}
            onChange={(event) => setCurrentPassword(event.target.value)}
            error={serverErrors.currentPassword}
          />
        )}
      </div>
      <Button type="submit" busy={save.isPending}>
        {save.isPending ? t('profile.saving') : t('profile.save')}
      </Button>
      <SaveStatus isSuccess={save.isSuccess} queued={queued} error={save.error} />
      <PendingProfileEdits tab="profile" email={profile.email} />
      {emailChangedTo && (
        <p className="notice">
          {t('profile.verifyEmail')}{' '}
          <Link to={`${paths.emailVerification}?email=${encodeURIComponent(emailChangedTo)}`}>
            {t('profile.verifyEmailLink')}
          </Link>
        </p>
      )}
    </form>
  );
}
