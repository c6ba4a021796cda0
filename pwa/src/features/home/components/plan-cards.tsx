import { useTranslation } from 'react-i18next';
import { expectedReturnCents, planText } from '../../../../../api/contracts/plans';
import { ButtonLink } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { paths } from '../../../config/paths';
import { useFormat } from '../../../lib/format';
import type { Plan } from '../api/get-plans';
import './plan-cards.css';

/** The four plans, each with its expected return on the minimum deposit and a way to buy (via sign-in). */
export function PlanCards({ plans }: { plans: Plan[] }) {
  const { t, i18n } = useTranslation('home');
  const format = useFormat();
  const dollars = (value: number) => format.currency(value, 'USD', { maximumFractionDigits: 2 });
  return (
    <>
      <ul className="plan-cards">
        {plans.map((plan) => {
          const name = planText(plan.name, plan.names, i18n.language);
          const exampleTotal = expectedReturnCents(Math.round(plan.minDeposit * 100), plan.roiPercentage) / 100;
          return (
            <Card as="li" key={plan.id} className="plan-card">
              <h3 className="plan-card__name">{name}</h3>
              <p className="plan-card__roi">
                <span className="plan-card__roi-value">
                  {format.percent(plan.roiPercentage, { signDisplay: 'never' })}
                </span>
                <span>{t('plans.roi')}</span>
              </p>
              <dl className="plan-card__facts">
                <div>
                  <dt>{t('plans.minDeposit')}</dt>
                  <dd>{dollars(plan.minDeposit)}</dd>
                </div>
                <div>
                  <dt>{t('plans.maxDeposit')}</dt>
                  <dd>{plan.maxDeposit === null ? t('plans.noMaximum') : dollars(plan.maxDeposit)}</dd>
                </div>
                <div>
                  <dt>{t('plans.duration')}</dt>
                  <dd>{t('plans.hours', { count: plan.durationHours })}</dd>
                </div>
                <div>
                  <dt>{t('plans.miner')}</dt>
                  <dd>{plan.miner ? t('plans.minerYes') : '—'}</dd>
                </div>
              </dl>
              <p className="plan-card__example">
                {t('plans.expectedReturn', { amount: dollars(plan.minDeposit), total: dollars(exampleTotal) })}
              </p>
              <ButtonLink to={paths.signIn} block aria-label={t('plans.purchaseLabel', { plan: name })}>
                {t('plans.purchase')}
              </ButtonLink>
            </Card>
          );
        })}
      </ul>
      <p className="notice plan-cards__risk" role="note">
        {t('plans.riskNotice')}
      </p>
    </>
  );
}
