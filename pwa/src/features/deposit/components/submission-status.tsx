import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import type { SubmissionView } from '../use-receipt-submission';

/** Under the receipt form: progress, "saved on this device", or why the server refused it. */
export function SubmissionStatus({ view, onRetry }: { view: SubmissionView; onRetry: () => void }) {
  const { t } = useTranslation('funds');
  const { t: tOutbox } = useTranslation('outbox');

  if (view.kind === 'uploading') {
    return (
      <div className="receipt-progress">
        <progress max={100} value={view.percent} aria-label={t('cryptoDeposit.progressLabel')} />
        <span>{t('cryptoDeposit.uploadPercent', { percent: view.percent })}</span>
      </div>
    );
  }
  if (view.kind === 'saved') {
    return (
      <p className="receipt-saved" role="status">
        {view.retrying ? tOutbox('form.savedRetrying') : tOutbox('form.savedOffline')}
      </p>
    );
  }
  if (view.kind === 'failed') {
    const message = view.status === 0 ? tOutbox('form.noResponse') : tOutbox('form.refused', { message: view.message });
    return (
      <div className="receipt-failure" role="alert">
        <p className="form-error">{message}</p>
        {/* A refusal comes back the same however often it is sent: the investor changes the file instead. */}
        {!view.refused && (
          <Button variant="secondary" onClick={onRetry}>
            {tOutbox('form.retry')}
          </Button>
        )}
      </div>
    );
  }
  return null;
}
