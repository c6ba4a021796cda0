import { useId, useState, type ChangeEvent, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { TextArea } from '../../../components/ui/text-field';
import { useUploadSignedPsbt, type PayoutBatch } from '../api/payout-batches';
import { psbtFileAsBase64 } from '../utils/psbt-file';
import { refusalText } from '../utils/refusal';
import type { Outcome } from './form-outcome';

/**
 * The PSBT signed in the operator's wallet, pasted as base64 or chosen as its file (binary, base64 or hex: turned into
 * base64 here, shown in the box before it is sent). The server checks it is this batch's transaction, fully signed,
 * and broadcasts it; its refusal shows by the box, which keeps what was pasted.
 */
export function SignedPsbtForm({ batch, onDone }: { batch: PayoutBatch; onDone: (outcome: Outcome) => void }) {
  const { t } = useTranslation('admin');
  const fileId = useId();
  const upload = useUploadSignedPsbt();
  const [psbt, setPsbt] = useState('');
  const [error, setError] = useState<string | undefined>(undefined);

  const chooseFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    if (!file) return;
    setPsbt(await psbtFileAsBase64(file));
    setError(undefined);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const signed = psbt.replace(/\s+/g, '');
    if (!signed) {
      setError(t('payouts.signed.required'));
      return;
    }
    setError(undefined);
    upload.mutate(
      { id: batch.id, psbt: signed },
      {
        onSuccess: ({ batch: sent }) =>
          onDone({ tone: 'success', text: t('payouts.signed.sent', { txid: sent.txid }) }),
        onError: (failure) => setError(refusalText(failure, t, t('payouts.signed.failed'))),
      },
    );
  };

  return (
    <form className="admin-batch__form" onSubmit={submit} noValidate>
      <TextArea
        label={t('payouts.signed.label')}
        hint={t('payouts.signed.hint')}
        className="admin-batch__psbt"
        dir="ltr"
        spellCheck={false}
        value={psbt}
        error={error}
        onChange={(event) => setPsbt(event.target.value)}
      />
      <div className="field">
        <label className="field__label" htmlFor={fileId}>
          {t('payouts.signed.file')}
        </label>
        <input id={fileId} type="file" accept=".psbt,.txt" onChange={(event) => void chooseFile(event)} />
      </div>
      <div className="admin-actions">
        <Button type="submit" busy={upload.isPending}>
          {t('payouts.signed.submit')}
        </Button>
      </div>
    </form>
  );
}
