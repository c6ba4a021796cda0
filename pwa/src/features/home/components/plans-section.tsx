import { useTranslation } from 'react-i18next';
import { Spinner } from '../../../components/ui/spinner';
import { useFormat } from '../../../lib/format';
import { useNow } from '../../../lib/hooks/use-now';
import { usePlans } from '../api/get-plans';
import { BitcoinConverter } from './bitcoin-converter';
import { PlanCards } from './plan-cards';

export function PlansSection() {
  const { t } = useTranslation('home');
  const format = useFormat();
  const now = useNow();
  const { data, isError } = usePlans();
  return (
    <section className="section" aria-labelledby="plans-title">
      <div className="container">
        <BitcoinConverter />
        <h2 id="plans-title" className="plans-title">
          {t('plans.title')}
        </h2>
        <p className="home-intro">{t('plans.intro')}</p>
        {data?.fromDevice && (
          <p className="notice">{t('market.offlineCopy', { age: format.age(data.savedAt, now) })}</p>
        )}
        {data ? (
          <PlanCards plans={data.data.plans} />
        ) : isError ? (
          <p className="notice">{t('plans.unavailable')}</p>
        ) : (
          <Spinner label={t('market.loading')} />
        )}
      </div>
    </section>
  );
}
