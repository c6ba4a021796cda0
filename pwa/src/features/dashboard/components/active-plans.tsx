import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { ButtonLink } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { paths } from '../../../config/paths';
import { useFormat } from '../../../lib/format';
import type { ActivePlan } from '../../../../../api/contracts/answers';
import { useNow } from '../../../lib/hooks/use-now';

/** The section's anchor, for the tile that leads down to it on a phone. */
const sectionId = 'active-plans';

/**
 * 'Active plan(s) (N)': each running investment with when it matures, or the empty state with a link to buy. The
 * plan just bought (`newPlanId`) is marked as such.
 */
export function ActivePlans({ plans, newPlanId }: { plans: ActivePlan[]; newPlanId?: string }) {
  const { t } = useTranslation('investor');
  const format = useFormat();
  const now = useNow();
  const headingId = useId();
  const money = (value: number) =>
    format.currency(value, 'USD', { maximumFractionDigits: 2, minimumFractionDigits: 2 });

  return (
    <section id={sectionId} className="dashboard-plans" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('dashboard.activePlans', { count: plans.length })}</h2>
      {plans.length === 0 ? (
        <Card className="dashboard-plans__empty">
          <p>{t('dashboard.noActivePlan')}</p>
          <ButtonLink to={paths.tradingPlans}>{t('dashboard.buyPlan')}</ButtonLink>
        </Card>
      ) : (
        <>
          <ul className="card-grid">
            {plans.map((plan) => {
              const matured = new Date(plan.maturesAt).getTime() <= now;
              const isNew = newPlanId !== undefined && String(plan.id) === String(newPlanId);
              return (
                <Card
                  as="li"
                  key={plan.id}
                  className={isNew ? 'dashboard-plans__plan dashboard-plans__plan--new' : 'dashboard-plans__plan'}
                >
                  <h3>
                    {plan.planName}
                    {isNew && <span className="dashboard-plans__new">{t('dashboard.plan.justBought')}</span>}
                  </h3>
                  <dl className="dashboard-plans__facts">
                    <div>
                      <dt>{t('dashboard.plan.amount')}</dt>
                      <dd>{money(plan.amount)}</dd>
                    </div>
                    <div>
                      <dt>{t('dashboard.plan.expectedReturn')}</dt>
                      <dd>{money(plan.expectedReturn)}</dd>
                    </div>
                    <div>
                      <dt>{t('dashboard.plan.startedAt')}</dt>
                      <dd>{format.dateTime(plan.startsAt)}</dd>
                    </div>
                    <div>
                      <dt>{t('dashboard.plan.maturesAt')}</dt>
                      <dd>
                        {format.dateTime(plan.maturesAt)}{' '}
                        <span className="dashboard-plans__relative">
                          (
                          {matured
                            ? t('dashboard.plan.maturing')
                            : t('dashboard.plan.maturesIn', { relative: format.age(plan.maturesAt, now) })}
                          )
                        </span>
                      </dd>
                    </div>
                  </dl>
                </Card>
              );
            })}
          </ul>
          <p className="notice">{t('dashboard.expectedReturnNotice')}</p>
        </>
      )}
    </section>
  );
}

/**
 * On a phone, right under the figures: how many plans run and when the next one matures, a tap from the section
 * below, so the active plans are on the first screen whatever is in progress above them.
 */
export function ActivePlansTile({ plans }: { plans: ActivePlan[] }) {
  const { t } = useTranslation('investor');
  const format = useFormat();
  const now = useNow();
  const next = Math.min(
    ...plans.map((plan) => new Date(plan.maturesAt).getTime()).filter((maturesAt) => maturesAt > now),
  );
  let note = '';
  if (Number.isFinite(next)) note = t('dashboard.plansTile.next', { relative: format.age(next, now) });
  else if (plans.length > 0) note = t('dashboard.plan.maturing');
  return (
    <Link to={{ hash: sectionId }} className="card dashboard-plans-tile">
      <span className="dashboard-summary__label">{t('dashboard.plansTile.label')}</span>
      <span className="dashboard-plans-tile__count">{format.number(plans.length)}</span>
      {note && <span className="dashboard-plans-tile__next">{note}</span>}
    </Link>
  );
}
