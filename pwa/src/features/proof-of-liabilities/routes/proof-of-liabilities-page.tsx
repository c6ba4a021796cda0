import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { useFormat } from '../../../lib/format';
import { useLiabilitySnapshots } from '../../../lib/queries/liability-snapshots';
import { HowItWorks } from '../components/how-it-works';
import { ReservesSection } from '../components/reserves-section';
import { SnapshotHistory } from '../components/snapshot-history';
import '../proof-of-liabilities.css';

/** /proof-of-liabilities: the latest root and total, their history, and how anyone can check them. */
export function ProofOfLiabilitiesPage() {
  const { t } = useTranslation('liabilities');
  const format = useFormat();
  const snapshots = useLiabilitySnapshots();
  useEffect(() => {
    document.title = t('title');
  }, [t]);
  const latest = snapshots.data?.snapshots[0];

  let content;
  if (snapshots.data) {
    content = latest ? (
      <>
        <Card as="section" className="liabilities__latest" aria-labelledby="liabilities-latest-title">
          <h2 id="liabilities-latest-title">{t('latest.title')}</h2>
          <dl className="liabilities__figures">
            <div>
              <dt>{t('latest.total')}</dt>
              <dd className="liabilities__total">
                {format.currency(latest.total, 'USD', { maximumFractionDigits: 2, minimumFractionDigits: 2 })}
              </dd>
            </div>
            <div>
              <dt>{t('latest.investors')}</dt>
              <dd>{format.number(latest.investors)}</dd>
            </div>
            <div>
              <dt>{t('latest.takenAt')}</dt>
              <dd>{format.dateTime(latest.takenAt)}</dd>
            </div>
            <div className="liabilities__root">
              <dt>{t('latest.root')}</dt>
              <dd>
                <code className="liabilities__hash">{latest.root}</code>
              </dd>
            </div>
          </dl>
        </Card>
        <ReservesSection />
        <SnapshotHistory snapshots={snapshots.data.snapshots} />
      </>
    ) : (
      <p className="notice">{t('latest.none')}</p>
    );
  } else if (snapshots.isError) {
    content = (
      <div role="alert">
        <p>{t('loadFailed')}</p>
        <Button variant="secondary" onClick={() => void snapshots.refetch()}>
          {t('retry')}
        </Button>
      </div>
    );
  } else {
    content = <Spinner label={t('loading')} />;
  }

  return (
    <div className="container liabilities">
      <h1>{t('title')}</h1>
      <p className="liabilities__intro">{t('intro')}</p>
      {content}
      <HowItWorks />
    </div>
  );
}
