import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { ApiError } from '../../../lib/api-client';
import { useFormat } from '../../../lib/format';
import { useOnline } from '../../../lib/hooks/use-online';
import { useAssets } from '../api/assets-query';
import { HeldMoney } from '../components/held-money';
import { HoldingsSummary } from '../components/holdings-summary';
import { InvestmentsTable } from '../components/investments-table';
import { VerifyBalance } from '../components/verify-balance';
import '../assets.css';

/** /asset: the investor's holdings by ledger account and every plan they hold or held, from GET /api/assets. */
export function AssetPage() {
  const { t } = useTranslation('assets');
  const format = useFormat();
  const online = useOnline();
  const assets = useAssets();
  const { data } = assets;
  const offline =
    !online || assets.fetchStatus === 'paused' || (assets.error instanceof ApiError && assets.error.status === 0);

  let content;
  if (data) {
    content = (
      <>
        {/* Figures loaded earlier are labelled with their time, never passed off as current. */}
        {(offline || assets.isError) && (
          <p className="notice" role="status">
            {t('offlineWithData', { time: format.dateTime(assets.dataUpdatedAt) })}
          </p>
        )}
        <HoldingsSummary holdings={data.holdings} />
        <HeldMoney held={data.holdings.held ?? 0} />
        <VerifyBalance />
        <InvestmentsTable investments={data.investments} />
      </>
    );
  } else if (assets.isError || offline) {
    content = (
      <div className="investor-state" role="alert">
        <p>{offline ? t('offline') : t('loadFailed')}</p>
        <Button variant="secondary" onClick={() => void assets.refetch()}>
          {t('retry')}
        </Button>
      </div>
    );
  } else {
    content = (
      <div className="investor-state">
        <Spinner label={t('loading')} />
        <span aria-hidden="true">{t('loading')}</span>
      </div>
    );
  }

  return (
    <div className="investor-page">
      <h1 className="investor-page__title">{t('title')}</h1>
      <p>{t('intro')}</p>
      {content}
    </div>
  );
}
