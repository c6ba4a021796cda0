import { Download } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, ExternalButtonLink } from '../../../components/ui/button';
import { useClipboardCopy } from '../../../lib/hooks/use-clipboard-copy';
import { psbtFileUrl, useCancelPayoutBatch, type PayoutBatch } from '../api/payout-batches';
import { refusalText } from '../utils/refusal';
import { DecisionDialog } from './decision-dialog';
import type { Outcome } from './form-outcome';
import { SignedPsbtForm } from './signed-psbt-form';

/**
 * An unsigned batch: its PSBT to take to the wallet (file or base64), the signed one to bring back, or cancelling it,
 * which approves its withdrawals again for another batch.
 */
export function UnsignedBatchActions({ batch, onDone }: { batch: PayoutBatch; onDone: (outcome: Outcome) => void }) {
  const { t } = useTranslation('admin');
  const desk = useTranslation('admin-desk').t;
  const { copy, state } = useClipboardCopy();
  const cancel = useCancelPayoutBatch();
  const [confirming, setConfirming] = useState(false);
  const [cancelError, setCancelError] = useState<string | undefined>(undefined);
  const id = batch.id.slice(0, 8);

  const confirmCancel = () =>
    cancel.mutate(batch.id, {
      onSuccess: () => {
        setConfirming(false);
        onDone({ tone: 'success', text: t('payouts.cancel.done', { id }) });
      },
      onError: (error) => setCancelError(refusalText(error, t, t('payouts.cancel.failed'))),
    });

  return (
    <>
      <div className="admin-actions admin-batch__psbt-actions">
        <ExternalButtonLink variant="secondary" size="sm" href={psbtFileUrl(batch.id)} download>
          <Download aria-hidden="true" size={16} strokeWidth={2} className="admin-inline-icon" />
          {t('payouts.download')}
        </ExternalButtonLink>
        <Button size="sm" variant="secondary" onClick={() => void copy(batch.psbt)}>
          {t('payouts.copyPsbt')}
        </Button>
        {state !== 'idle' && (
          <span role="status" className="admin-copy__state">
            {state === 'copied' ? desk('copy.copied') : desk('copy.failed')}
          </span>
        )}
      </div>
      <SignedPsbtForm batch={batch} onDone={onDone} />
      <div className="admin-actions">
        <Button
          size="sm"
          variant="ghost"
          onClick={() => {
            setCancelError(undefined);
            setConfirming(true);
          }}
        >
          {t('payouts.cancel.action')}
        </Button>
      </div>
      {confirming && (
        <DecisionDialog
          title={t('payouts.cancel.title', { id })}
          summary={<p>{t('payouts.cancel.summary')}</p>}
          confirmLabel={t('payouts.cancel.action')}
          danger
          busy={cancel.isPending}
          error={cancelError}
          onConfirm={confirmCancel}
          onClose={() => setConfirming(false)}
        />
      )}
    </>
  );
}
