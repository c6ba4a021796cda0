import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../lib/format';
import type { Plan } from '../../../../../api/contracts/plans';

/** ROI, min and max deposit, duration and miner of a plan, as a description list. */
export function PlanFacts({ plan }: { plan: Plan }) {
  const { t } = useTranslation('funds');
  const format = useFormat();
  const money = (value: number) => format.currency(value, 'USD', { maximumFractionDigits: 0 });
  const facts: Array<[string, string]> = [
    [t('plans.roi'), t('plans.roiValue', { roi: format.number(plan.roiPercentage) })],
    [t('plans.minDeposit'), money(plan.minDeposit)],
    [t('plans.maxDeposit'), plan.maxDeposit === null ? t('plans.noMaximum') : money(plan.maxDeposit)],
    [t('plans.duration'), t('plans.durationValue', { count: plan.durationHours })],
    [t('plans.miner'), plan.miner ? t('plans.minerYes') : '—'],
  ];
  return (
    <dl className="plan-facts">
      {facts.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** "$50 – $999" or "$15,000 and above". */
export function usePlanRange() {
  const { t } = useTranslation('funds');
  const format = useFormat();
  return (plan: Plan) => {
    const min = format.currency(plan.minDeposit, 'USD', { maximumFractionDigits: 0 });
    return plan.maxDeposit === null
      ? t('plans.rangeOpenEnded', { min })
      : t('plans.range', { min, max: format.currency(plan.maxDeposit, 'USD', { maximumFractionDigits: 0 }) });
  };
}
