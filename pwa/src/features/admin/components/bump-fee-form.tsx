import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { useFormat } from '../../../lib/format';
import { useBumpPayoutBatch, type PayoutBatch } from '../api/payout-batches';
import { feeRateBounds, parseFeeRate } from '../utils/payout-amounts';
import { refusalText } from '../utils/refusal';
import type { Outcome } from './form-outcome';

/**
 * A sent batch that waits too long for a block is rebuilt on the same inputs with a higher fee (RBF): a new unsigned
 * batch to sign, which replaces this one once sent. Only one of the two can ever confirm.
 */
export function BumpFeeForm({ batch, onDone }: { batch: PayoutBatch; onDone: (outcome: Outcome) => void }) {
  const { t } = useTranslation('admin');
  const format = useFormat();
  const bump = useBumpPayoutBatch();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | undefined>(undefined);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const rate = parseFeeRate(text);
    if (rate === null || rate <= batch.feeRate) {
      setError(
        t('payouts.bump.invalid', { rate: format.number(batch.feeRate), max: format.number(feeRateBounds.max) }),
      );
      return;
    }
    setError(undefined);
    bump.mutate(
      { id: batch.id, feeRate: rate },
      {
        onSuccess: ({ batch: bumped }) =>
          onDone({ tone: 'success', text: t('payouts.bump.built', { id: bumped.id.slice(0, 8) }) }),
        onError: (failure) => setError(refusalText(failure, t, t('payouts.bump.failed'))),
      },
    );
  };

  return (
    <form className="admin-batch__form admin-batch__bump" onSubmit={submit} noValidate>
      <TextField
        label={t('payouts.bump.label')}
        hint={t('payouts.bump.hint', { rate: format.number(batch.feeRate) })}
        inputMode="numeric"
        autoComplete="off"
        value={text}
        error={error}
        onChange={(event) => setText(event.target.value)}
      />
      <div className="admin-actions">
        <Button type="submit" variant="secondary" busy={bump.isPending}>
          {t('payouts.bump.submit')}
        </Button>
      </div>
    </form>
  );
}
