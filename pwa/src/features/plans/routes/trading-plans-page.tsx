import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ButtonLink, Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { paths } from '../../../config/paths';
import { useOnline } from '../../../lib/hooks/use-online';
import { PlanFacts, usePlanRange } from '../components/plan-facts';
import { SavedCopyNote } from '../../../components/ui/saved-copy-note';
import { PLANS_COPY } from '../../../lib/offline/copy-keys';
import { plansQuery } from '../../../lib/queries/plans';
import { planText } from '../../../../../api/contracts/plans';
import '../plans.css';

/** The four mining plans from GET /api/plans, each with Purchase Now, under a visible risk notice. */
export function TradingPlansPage() {
  const { t, i18n } = useTranslation('funds');
  const plans = useQuery(plansQuery());
  const range = usePlanRange();
  const offline = !useOnline();

  let content;
  if (plans.data) {
    content = (
      <ul className="plan-cards">
        {plans.data.map((plan) => {
          const name = planText(plan.name, plan.names, i18n.language);
          const description = planText(plan.description, plan.descriptions, i18n.language);
          return (
            <Card as="li" key={plan.id} className="plan-card" aria-labelledby={`plan-${plan.id}`}>
              <h2 id={`plan-${plan.id}`} className="plan-card__name">
                {name}
              </h2>
              <p className="plan-card__range">{plan.amountLabel || range(plan)}</p>
              {description && <p className="plan-card__description">{description}</p>}
              <PlanFacts plan={plan} />
              <ButtonLink to={paths.tradingPlanDetails(plan.id)} aria-label={t('plans.purchaseLabel', { name })}>
                {t('plans.purchase')}
              </ButtonLink>
            </Card>
          );
        })}
      </ul>
    );
  } else if (plans.isError || (offline && plans.fetchStatus === 'paused')) {
    content = (
      <div className="investor-state" role="alert">
        <p>{offline ? t('common.offline') : t('common.loadFailed')}</p>
        <Button variant="secondary" onClick={() => void plans.refetch()}>
          {t('common.retry')}
        </Button>
      </div>
    );
  } else {
    content = (
      <div className="investor-state">
        <Spinner label={t('common.loading')} />
      </div>
    );
  }

  return (
    <div className="investor-page">
      <h1 className="investor-page__title">{t('plans.title')}</h1>
      <p>{t('plans.intro')}</p>
      <p className="notice" role="note">
        {t('plans.riskNotice')}
      </p>
      <SavedCopyNote copyKey={PLANS_COPY} />
      {content}
    </div>
  );
}
