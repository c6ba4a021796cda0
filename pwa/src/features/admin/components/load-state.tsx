import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { hasStatus } from '../api/admin-keys';

/** What a list shows before its first answer: a spinner, or why it failed with a retry. Null once data is there. */
export function LoadState({ query }: { query: UseQueryResult<unknown> }) {
  const { t } = useTranslation('admin');
  if (query.data !== undefined) return null;
  const offline = query.fetchStatus === 'paused' || hasStatus(query.error, 0);
  if (query.isError || offline) {
    return (
      <div className="admin-state" role="alert">
        <p>{offline ? t('common.offline') : t('common.loadFailed')}</p>
        <Button variant="secondary" onClick={() => void query.refetch()}>
          {t('common.retry')}
        </Button>
      </div>
    );
  }
  return (
    <div className="admin-state">
      <Spinner label={t('common.loading')} />
    </div>
  );
}
