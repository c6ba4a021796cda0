import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { ApiError } from '../../../lib/api-client';
import { PendingPayoutNotice } from '../../../lib/account-security/pending-payout-notice';
import { TextField } from '../../../components/ui/text-field';
import { TwoFactorCodeField } from '../../../components/ui/two-factor-code-field';
import type { InvestorProfile } from '../../../../../api/contracts/answers';
import { usePayoutAddresses, type PayoutKind } from '../../../lib/account-security/payout-addresses';
import { useOperatorConfig } from '../../../lib/operator-config/use-operator-config';
import { twoFactorProblem } from '../../../lib/account-security/two-factor-problem';
import { withdrawerFields } from '../api/profile-api';
import { useTabForm } from '../utils/use-tab-form';
import { PendingProfileEdits } from './pending-profile-edits';
import { SaveStatus } from './save-status';

type WithdrawerField = (typeof withdrawerFields)[number];

const payoutKinds: PayoutKind[] = ['bitcoin', 'ethereum', 'usdt', 'litecoin', 'dogecoin'];
const walletFields = new Set<string>(payoutKinds.map((kind) => `${kind}Address`));
/** Addresses of a chain's coin, asked only where the server offers that coin's withdrawal method. */
const chainOnlyField: Partial<Record<WithdrawerField, string>> = {
  litecoinAddress: 'Litecoin',
  dogecoinAddress: 'Dogecoin',
};

/**
 * Withdrawer Details: bank and wallet addresses that withdrawals are paid to. A coin's first wallet address takes
 * effect at once; a changed one waits for its e-mailed link and a hold (each field says which applies to it, from the
 * address in force in the profile); with two-factor on, the change also needs a code.
 */
export function WithdrawerDetailsForm({ profile }: { profile: InvestorProfile }) {
  const offered = useOperatorConfig().config?.withdrawalMethods ?? [];
  const fields = withdrawerFields.filter((field) => {
    const method = chainOnlyField[field];
    return method === undefined || offered.includes(method);
  });
  // A field the config adds later starts again from the profile: never a blank that would save as a removal.
  return <WithdrawerFieldsForm key={fields.join()} profile={profile} fields={fields} />;
}

function WithdrawerFieldsForm({ profile, fields }: { profile: InvestorProfile; fields: WithdrawerField[] }) {
  const { t } = useTranslation('investor');
  const { t: tSecurity } = useTranslation('security');
  const [code, setCode] = useState('');
  const payout = usePayoutAddresses();
  const { values, setValue, save, queued, fieldErrors } = useTabForm(profile, fields, {
    tab: 'withdrawer',
    extraBody: () => ({ code: code.trim() || undefined }),
  });
  const codeProblem = twoFactorProblem(save.error);
  // A listed address is refused with neutral words (no reason given), said in the investor's language.
  const refused = save.error instanceof ApiError && save.error.body.code === 'address_refused';
  const errorOf = (field: WithdrawerField) =>
    refused && fieldErrors[field] ? t('profile.addressRefused') : fieldErrors[field];
  const holdHours = payout.data?.holdHours ?? 24;
  /** Whether saving this wallet field sets a first address (at once) or changes one in force (link, then the hold). */
  const walletHint = (field: WithdrawerField) => {
    if (!walletFields.has(field)) return undefined;
    return profile[field] ? tSecurity('payout.changeHeld', { hours: holdHours }) : tSecurity('payout.firstAtOnce');
  };

  function submit(event: FormEvent) {
    event.preventDefault();
    save.mutate(undefined, { onSettled: () => setCode('') });
  }

  return (
    <form className="profile-form" onSubmit={submit} noValidate>
      <p>{t('profile.withdrawerIntro')}</p>
      <p>{tSecurity('payout.holdRule', { hours: holdHours })}</p>
      {payout.data &&
        payoutKinds.map((kind) => {
          const pending = payout.data.addresses[kind]?.pending;
          return (
            pending && (
              <PendingPayoutNotice key={kind} kind={kind} pending={pending} holdHours={payout.data.holdHours} />
            )
          );
        })}
      <div className="profile-form__grid">
        {fields.map((field) => (
          <TextField
            key={field}
            label={t(`profile.fields.${field}`)}
            name={field}
            value={values[field]}
            onChange={(event) => setValue(field, event.target.value)}
            error={errorOf(field)}
            hint={walletHint(field)}
            autoComplete="off"
            spellCheck={false}
            // Account numbers and addresses read left to right in every language.
            dir={field === 'bankName' || field === 'accountName' ? undefined : 'ltr'}
          />
        ))}
      </div>
      {codeProblem && (
        <TwoFactorCodeField
          value={code}
          onChange={setCode}
          error={tSecurity(codeProblem === 'invalid' ? 'code.invalid' : 'code.required')}
          autoFocus
        />
      )}
      <Button type="submit" busy={save.isPending}>
        {save.isPending ? t('profile.saving') : t('profile.save')}
      </Button>
      {!codeProblem && <SaveStatus isSuccess={save.isSuccess} queued={queued} error={save.error} />}
      <PendingProfileEdits tab="withdrawer" email={profile.email} />
    </form>
  );
}
