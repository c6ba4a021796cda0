import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import type { InvestorProfile } from '../../../lib/investor-queries';
import { withdrawerFields } from '../api/profile-api';
import { useTabForm } from '../utils/use-tab-form';
import { SaveStatus } from './save-status';

/** Withdrawer Details: bank and wallet addresses that withdrawals are paid to. */
export function WithdrawerDetailsForm({ profile }: { profile: InvestorProfile }) {
  const { t } = useTranslation('investor');
  const { values, setValue, save, fieldErrors } = useTabForm(profile, withdrawerFields);

  function submit(event: FormEvent) {
    event.preventDefault();
    save.mutate();
  }

  return (
    <form className="profile-form" onSubmit={submit} noValidate>
      <p>{t('profile.withdrawerIntro')}</p>
      <div className="profile-form__grid">
        {withdrawerFields.map((field) => (
          <TextField
            key={field}
            label={t(`profile.fields.${field}`)}
            name={field}
            value={values[field]}
            onChange={(event) => setValue(field, event.target.value)}
            error={fieldErrors[field]}
            autoComplete="off"
            spellCheck={false}
            // Account numbers and addresses read left to right in every language.
            dir={field === 'bankName' || field === 'accountName' ? undefined : 'ltr'}
          />
        ))}
      </div>
      <Button type="submit" busy={save.isPending}>{save.isPending ? t('profile.saving') : t('profile.save')}</Button>
      <SaveStatus isSuccess={save.isSuccess} error={save.error} />
    </form>
  );
}
