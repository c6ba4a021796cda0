import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { maxReceiptBytes, receiptTypes } from '../../../../../api/contracts/deposits';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { useFormat } from '../../../lib/format';
import { invalidateInvestorData, useProfile } from '../../../lib/investor-queries';
import { uploadReceipt, type UploadReceiptFields } from '../upload-receipt';

type Submission = Omit<UploadReceiptFields, 'receipt' | 'email'>;
type Status = { kind: 'idle' } | { kind: 'uploading'; percent: number } | { kind: 'failed'; message: string } | { kind: 'done' };

const acceptedExtensions = /\.(pdf|jpe?g|png)$/i;
const isAcceptedFile = (file: File) => (receiptTypes as readonly string[]).includes(file.type) || (!file.type && acceptedExtensions.test(file.name));

/** E-mail (prefilled from GET /api/user) and receipt file, sent once per submission whatever the retries. */
export function ReceiptUploadForm({ submission }: { submission: Submission }) {
  const { t } = useTranslation('funds');
  const format = useFormat();
  const queryClient = useQueryClient();
  const profile = useProfile();
  const [typedEmail, setTypedEmail] = useState<string | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  // One key per submission: a retry of the same fields and file reuses it, any change starts a new one.
  const idempotencyKey = useRef<{ signature: string; key: string } | null>(null);
  const email = typedEmail ?? profile.data?.email ?? '';

  const startNewSubmission = () => {
    setFieldError(null);
    if (status.kind === 'failed') setStatus({ kind: 'idle' });
  };
  const chooseFile = (event: ChangeEvent<HTMLInputElement>) => {
    startNewSubmission();
    const chosen = event.target.files?.[0] ?? null;
    const problem = !chosen ? null : !isAcceptedFile(chosen) ? t('cryptoDeposit.fileTypeInvalid') : chosen.size > maxReceiptBytes ? t('cryptoDeposit.fileTooLarge') : null;
    if (problem) {
      setFieldError(problem);
      event.target.value = '';
      setFile(null);
      return;
    }
    setFile(chosen);
  };

  // A mutation, so a 401 reaches the investor layout, which signs the person out.
  const upload = useMutation({
    // Offline, fail at once with 'No response from server' instead of waiting silently for a connection.
    networkMode: 'always',
    mutationFn: ({ fields, key }: { fields: UploadReceiptFields; key: string }) =>
      uploadReceipt(fields, key, (percent) => setStatus({ kind: 'uploading', percent })),
    onSuccess: async () => {
      setStatus({ kind: 'done' });
      await invalidateInvestorData(queryClient);
    },
    onError: (error) => {
      const message = error instanceof ApiError && error.status !== 0
        ? t('cryptoDeposit.errorWithMessage', { message: error.message })
        : t('cryptoDeposit.errorNoResponse');
      setStatus({ kind: 'failed', message });
    },
  });

  const send = () => {
    if (!file || email.trim() === '') {
      setFieldError(t('cryptoDeposit.missingFields'));
      return;
    }
    const fields = { ...submission, receipt: file, email: email.trim() };
    const signature = JSON.stringify({ ...submission, email: fields.email, file: [file.name, file.size, file.lastModified] });
    if (idempotencyKey.current?.signature !== signature) idempotencyKey.current = { signature, key: crypto.randomUUID() };
    setStatus({ kind: 'uploading', percent: 0 });
    upload.mutate({ fields, key: idempotencyKey.current.key });
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    send();
  };

  if (status.kind === 'done') {
    return (
      <div className="receipt-result" role="status">
        <p className="form-success">{t('cryptoDeposit.success')}</p>
        <p>{t('cryptoDeposit.pendingNotice', { amount: format.currency(Number(submission.amount)) })}</p>
        <Link to={paths.transaction}>{t('cryptoDeposit.viewTransactions')}</Link>
      </div>
    );
  }
  const uploading = status.kind === 'uploading';
  return (
    <form className="receipt-form" onSubmit={submit} noValidate>
      <TextField
        label={t('cryptoDeposit.emailLabel')}
        type="email"
        autoComplete="email"
        value={email}
        onChange={(event) => {
          startNewSubmission();
          setTypedEmail(event.target.value);
        }}
      />
      <div className="field">
        <label className="field__label" htmlFor="receipt-file">{t('cryptoDeposit.fileLabel')}</label>
        <input id="receipt-file" className="field__control" type="file" accept=".pdf,.jpg,.jpeg,.png,application/pdf,image/jpeg,image/png" onChange={chooseFile} />
      </div>
      {fieldError && <p className="form-error" role="alert">{fieldError}</p>}
      {uploading && (
        <div className="receipt-progress">
          <progress max={100} value={status.percent} aria-label={t('cryptoDeposit.progressLabel')} />
          <span>{t('cryptoDeposit.uploadPercent', { percent: status.percent })}</span>
        </div>
      )}
      {status.kind === 'failed' && (
        <div className="receipt-failure" role="alert">
          <p className="form-error">{status.message}</p>
          <Button variant="secondary" onClick={send}>{t('cryptoDeposit.retryUpload')}</Button>
        </div>
      )}
      <Button type="submit" busy={uploading}>{uploading ? t('cryptoDeposit.uploading') : t('cryptoDeposit.upload')}</Button>
    </form>
  );
}
