import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Table } from '../../../components/ui/table';
import { useFormat } from '../../../lib/format';
import type { AdminPlan } from '../api/plans';
import { money } from '../utils/money';

type PlansTableProps = {
  plans: AdminPlan[];
  busy: boolean;
  onEdit: (plan: AdminPlan) => void;
  onToggleSale: (plan: AdminPlan) => void;
  /** Moves a plan one place up (-1) or down (+1) in the order the landing and /trading-plans show. */
  onMove: (plan: AdminPlan, step: -1 | 1) => void;
};

/** Every plan in catalogue order: its terms, whether it is on sale, and what investors hold in it now. */
export function PlansTable({ plans, busy, onEdit, onToggleSale, onMove }: PlansTableProps) {
  const { t } = useTranslation('admin-plans');
  const format = useFormat();
  // Limits are mostly whole dollars: cents only when there are some, so the range stays short on a line.
  const dollars = (value: number) =>
    format.currency(value, 'USD', { minimumFractionDigits: Number.isInteger(value) ? 0 : 2, maximumFractionDigits: 2 });
  return (
    <Table
      caption={t('caption')}
      hideCaption
      rows={plans}
      rowKey={(plan) => String(plan.id)}
      empty={t('empty')}
      columns={[
        {
          key: 'name',
          header: t('columns.name'),
          primary: true,
          cell: (plan) => (
            <span className="plans-table__name">
              <strong dir="auto">{plan.name}</strong>
              <span className={`admin-badge admin-badge--${plan.onSale ? 'confirmed' : 'rejected'}`}>
                {plan.onSale ? t('state.onSale') : t('state.retired')}
              </span>
            </span>
          ),
        },
        { key: 'roi', header: t('columns.roi'), numeric: true, cell: (plan) => `${format.number(plan.roiPercent)} %` },
        {
          key: 'range',
          header: t('columns.range'),
          cell: (plan) =>
            plan.maxDeposit === null
              ? t('noMaximum', { min: dollars(plan.minDeposit) })
              : t('range', { min: dollars(plan.minDeposit), max: dollars(plan.maxDeposit) }),
        },
        {
          key: 'duration',
          header: t('columns.duration'),
          numeric: true,
          cell: (plan) => format.number(plan.durationHours),
        },
        {
          key: 'investments',
          header: t('columns.investments'),
          numeric: true,
          cell: (plan) => format.number(plan.activeInvestments),
        },
        {
          key: 'invested',
          header: t('columns.invested'),
          numeric: true,
          cell: (plan) => money(format, plan.investedAmount),
        },
        {
          key: 'actions',
          header: t('columns.actions'),
          cell: (plan) => {
            const index = plans.indexOf(plan);
            return (
              <span className="plans-table__actions">
                <Button
                  size="sm"
                  variant="secondary"
                  onClick={() => onEdit(plan)}
                  aria-label={t('actions.editLabel', { name: plan.name })}
                >
                  {t('actions.edit')}
                </Button>
                <Button
                  size="sm"
                  variant={plan.onSale ? 'danger' : 'secondary'}
                  disabled={busy}
                  onClick={() => onToggleSale(plan)}
                  aria-label={t(plan.onSale ? 'actions.retireLabel' : 'actions.reactivateLabel', { name: plan.name })}
                >
                  {plan.onSale ? t('actions.retire') : t('actions.reactivate')}
                </Button>
                <span className="plans-table__moves">
                  <Button
                    size="sm"
                    variant="ghost"
                    disabled={busy || index === 0}
                    onClick={() => onMove(plan, -1)}
                    aria-label={t('actions.moveUp', { name: plan.name })}
                  >
                    <span aria-hidden="true">↑</span>
                  </Button>
                  <Button
                    size="sm"
                    variant="ghost"
                    disabled={busy || index === plans.length - 1}
                    onClick={() => onMove(plan, 1)}
                    aria-label={t('actions.moveDown', { name: plan.name })}
                  >
                    <span aria-hidden="true">↓</span>
                  </Button>
                </span>
              </span>
            );
          },
        },
      ]}
    />
  );
}
