import { useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { maxReceiptBytes, receiptTypes } from '../../../../../api/contracts/deposits';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { paths } from '../../../config/paths';
import { useFormat } from '../../../lib/format';
import { useProfile } from '../../../lib/queries/investor';
import type { ReceiptFields } from '../../../lib/outbox/queue';
import { useReceiptSubmission } from '../use-receipt-submission';
import { SubmissionStatus } from './submission-status';

type Submission = Omit<ReceiptFields, 'email'>;

const acceptedExtensions = /\.(pdf|jpe?g|png)$/i;
const isAcceptedFile = (file: File) =>
  (receiptTypes as readonly string[]).includes(file.type) || (!file.type && acceptedExtensions.test(file.name));

/**
 * E-mail (prefilled from GET /api/user) and receipt file, saved on this device and then sent: one deposit per
 * submission whatever the retries, and nothing lost when the connection drops.
 */
export function ReceiptUploadForm({ submission, planLabel }: { submission: Submission; planLabel?: string }) {
  const { t } = useTranslation('funds');
  const format = useFormat();
  const profile = useProfile();
  const [typedEmail, setTypedEmail] = useState<string | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [fieldError, setFieldError] = useState<string | null>(null);
  // One key per submission: a retry of the same fields and file reuses it, any change starts a new one.
  const idempotencyKey = useRef<{ signature: string; key: string } | null>(null);
  const email = typedEmail ?? profile.data?.email ?? '';
  const { view, submit: save, pending } = useReceiptSubmission(email);

  const startNewSubmission = () => setFieldError(null);
  const chooseFile = (event: ChangeEvent<HTMLInputElement>) => {
    startNewSubmission();
    const chosen = event.target.files?.[0] ?? null;
    const problem = !chosen
      ? null
      : !isAcceptedFile(chosen)
        ? t('cryptoDeposit.fileTypeInvalid')
        : chosen.size > maxReceiptBytes
          ? t('cryptoDeposit.fileTooLarge')
          : null;
    if (problem) {
      setFieldError(problem);
      event.target.value = '';
      setFile(null);
      return;
    }
    setFile(chosen);
  };

  const send = () => {
    if (!file || email.trim() === '') {
      setFieldError(t('cryptoDeposit.missingFields'));
      return;
    }
    const fields = { ...submission, email: email.trim() };
    const signature = JSON.stringify({ ...fields, file: [file.name, file.size, file.lastModified] });
    if (idempotencyKey.current?.signature !== signature)
      idempotencyKey.current = { signature, key: crypto.randomUUID() };
    void save(fields, file, idempotencyKey.current.key, planLabel);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    send();
  };

  if (view.kind === 'done') {
    return (
      <div className="receipt-result" role="status">
        <p className="form-success">{t('cryptoDeposit.success')}</p>
        <p>{t('cryptoDeposit.pendingNotice', { amount: format.currency(Number(submission.amount)) })}</p>
        <Link to={paths.transaction}>{t('cryptoDeposit.viewTransactions')}</Link>
      </div>
    );
  }
  const uploading = view.kind === 'uploading';
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
        <label className="field__label" htmlFor="receipt-file">
          {t('cryptoDeposit.fileLabel')}
        </label>
        <input
          id="receipt-file"
          className="field__control"
          type="file"
          accept=".pdf,.jpg,.jpeg,.png,application/pdf,image/jpeg,image/png"
          onChange={chooseFile}
        />
      </div>
      {fieldError && (
        <p className="form-error" role="alert">
          {fieldError}
        </p>
      )}
      <SubmissionStatus view={view} onRetry={send} />
      <Button type="submit" busy={uploading} disabled={pending}>
        {uploading ? t('cryptoDeposit.uploading') : t('cryptoDeposit.upload')}
      </Button>
    </form>
  );
}
