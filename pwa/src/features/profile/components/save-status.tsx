import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client';
import { NeedsConnectionError } from '../utils/use-tab-form';

type SaveStatusProps = { isSuccess: boolean; queued?: boolean; error: unknown; success?: string };

/** The result of a save: success politely, a failure assertively (field errors are shown beside the fields). */
export function SaveStatus({ isSuccess, queued = false, error, success }: SaveStatusProps) {
  const { t } = useTranslation('investor');
  if (isSuccess && queued)
    return (
      <p role="status" className="profile-status profile-status--success">
        {t('profile.queued')}
      </p>
    );
  if (isSuccess)
    return (
      <p role="status" className="profile-status profile-status--success">
        {success ?? t('profile.saved')}
      </p>
    );
  if (!error) return <p role="status" className="profile-status" />;
  let message = t('profile.saveFailed');
  if (error instanceof NeedsConnectionError) message = t('profile.emailNeedsConnection');
  else if (error instanceof ApiError) {
    if (error.status === 0) message = t('common.offline');
    else if (Object.keys(error.errors).length > 0) message = t('profile.fixFields');
    else if (error.status === 400 || error.status === 409) message = error.message;
  }
  return (
    <p role="alert" className="profile-status profile-status--error">
      {message}
    </p>
  );
}
