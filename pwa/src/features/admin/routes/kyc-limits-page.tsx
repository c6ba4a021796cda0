import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { TextField } from '../../../components/ui/text-field';
import { invalidateAdminData } from '../api/admin-keys';
import { saveKycLimits, useKycLimits, type KycLimitTable } from '../api/kyc-limits';
import { FormOutcome, outcomeOf, type Outcome } from '../components/form-outcome';
import { LoadState } from '../components/load-state';
import '../admin-kyc-limits.css';

type Level = 'level0' | 'level1';
type Kind = 'deposit' | 'withdrawal';
type Fields = Record<Level, Record<Kind, string>>;
const levels: Level[] = ['level0', 'level1'];
const kinds: Kind[] = ['deposit', 'withdrawal'];
const asFields = (table: KycLimitTable): Fields => ({
  level0: { deposit: String(table.level0.deposit), withdrawal: String(table.level0.withdrawal) },
  level1: { deposit: String(table.level1.deposit), withdrawal: String(table.level1.withdrawal) },
});

/**
 * Limits per identity level (/admin/kyc-limits): USD per rolling 30 days on deposits credited and withdrawals
 * requested, for level 0 (e-mail verified) and level 1 (identity approved). Saved both at once, audited.
 */
export function KycLimitsPage() {
  const { t } = useTranslation('admin-desk');
  const limits = useKycLimits();
  return (
    <div className="admin-page">
      <h1 className="admin-page__title">{t('kycLimits.title')}</h1>
      <LoadState query={limits} />
      {limits.data && <LimitsForm initial={limits.data} />}
    </div>
  );
}

function LimitsForm({ initial }: { initial: KycLimitTable }) {
  const { t } = useTranslation('admin-desk');
  const { t: tAdmin } = useTranslation('admin');
  const queryClient = useQueryClient();
  const [fields, setFields] = useState<Fields>(() => asFields(initial));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const save = useMutation({
    networkMode: 'always',
    mutationFn: (values: Fields) => saveKycLimits(values),
    onSuccess: async (answer) => {
      setErrors({});
      setFields(asFields(answer.limits));
      setOutcome({ tone: 'success', text: t('kycLimits.saved') });
      await invalidateAdminData(queryClient);
    },
    onError: (error) => {
      const result = outcomeOf(error, t('kycLimits.failed'), tAdmin);
      setErrors(result.fieldErrors);
      setOutcome(result.outcome);
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setOutcome(null);
    save.mutate(fields);
  };

  return (
    <Card as="section" className="admin-form-card">
      <p>{t('kycLimits.lead')}</p>
      <form className="admin-form" onSubmit={submit} noValidate>
        {levels.map((level) => (
          <fieldset key={level} className="admin-kyc-limits__level">
            <legend>{t(`kycLimits.${level}`)}</legend>
            {kinds.map((kind) => (
              <TextField
                key={kind}
                label={t(`kycLimits.${kind}`)}
                inputMode="decimal"
                required
                value={fields[level][kind]}
                error={errors[`${level}.${kind}`]}
                onChange={(event) =>
                  setFields({ ...fields, [level]: { ...fields[level], [kind]: event.target.value } })
                }
              />
            ))}
          </fieldset>
        ))}
        <FormOutcome outcome={outcome} />
        <Button type="submit" disabled={save.isPending}>
          {t('kycLimits.save')}
        </Button>
      </form>
    </Card>
  );
}
