import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { amountSlots, LtrDollars, SentenceWithAmounts } from '../../../components/ui/sentence-with-amounts';
import { TextField } from '../../../components/ui/text-field';
import { useFormat } from '../../../lib/format';
import { invalidateAdminData } from '../api/admin-keys';
import { releaseFundHold, useUserFundHolds, type FundHold } from '../api/kyc-limits';
import { FormOutcome, outcomeOf, type Outcome } from './form-outcome';
import '../admin-kyc-limits.css';

/**
 * The investor's held deposits on their user page: amount, date, why, whether released; an admin releases a
 * kyc_limit hold by hand with a note (audited). Sanctions holds are decided through their incident.
 */
export function UserFundHolds({ userId }: { userId: string }) {
  const { t } = useTranslation('admin-desk');
  const holds = useUserFundHolds(userId);
  if (!holds.data || holds.data.length === 0) return null;
  return (
    <section aria-labelledby="user-fund-holds" className="admin-user-section">
      <h2 id="user-fund-holds" className="admin-section-title">
        {t('kycLimits.holds.title')}
      </h2>
      <ul className="admin-fund-holds">
        {holds.data.map((hold) => (
          <HoldItem key={hold.id} hold={hold} />
        ))}
      </ul>
    </section>
  );
}

function HoldItem({ hold }: { hold: FundHold }) {
  const { t } = useTranslation('admin-desk');
  const { t: tAdmin } = useTranslation('admin');
  const format = useFormat();
  const queryClient = useQueryClient();
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const release = useMutation({
    networkMode: 'always',
    mutationFn: () => releaseFundHold(hold.id, note.trim()),
    onSuccess: async () => {
      setOutcome({ tone: 'success', text: t('kycLimits.holds.released') });
      await invalidateAdminData(queryClient);
    },
    onError: (failure) => setOutcome(outcomeOf(failure, t('kycLimits.holds.failed'), tAdmin).outcome),
  });
  const submit = () => {
    setOutcome(null);
    if (!note.trim()) return setError(t('kycLimits.holds.noteRequired'));
    setError(undefined);
    release.mutate();
  };
  return (
    <li className="card admin-fund-holds__item">
      <p>
        <strong>
          <LtrDollars value={hold.amount} />
        </strong>{' '}
        · {format.dateTime(hold.createdAt)} · {t(`kycLimits.holds.reason.${hold.reason}`)}
      </p>
      <p>
        {hold.releasedAt
          ? t(hold.releasedByAdmin ? 'kycLimits.holds.releasedByAdmin' : 'kycLimits.holds.releasedByLevel', {
              date: format.dateTime(hold.releasedAt),
            })
          : t('kycLimits.holds.open')}
      </p>
      {!hold.releasedAt && hold.reason === 'kyc_limit' && (
        <div className="admin-fund-holds__release">
          <TextField
            label={t('kycLimits.holds.note')}
            value={note}
            error={error}
            onChange={(event) => setNote(event.target.value)}
          />
          <Button variant="secondary" disabled={release.isPending} onClick={submit}>
            <SentenceWithAmounts
              text={t('kycLimits.holds.release', amountSlots('amount'))}
              dollars={{ amount: hold.amount }}
            />
          </Button>
        </div>
      )}
      <FormOutcome outcome={outcome} />
    </li>
  );
}
