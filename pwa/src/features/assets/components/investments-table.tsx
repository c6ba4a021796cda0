import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../../components/ui/button';
import { Table, type TableColumn } from '../../../components/ui/table';
import { paths } from '../../../config/paths';
import { useFormat } from '../../../lib/format';
import type { Investment } from '../api/assets-query';

/** Every plan the investor holds or held, newest first, as the API lists them. */
export function InvestmentsTable({ investments }: { investments: Investment[] }) {
  const { t } = useTranslation('assets');
  const format = useFormat();
  const money = (value: number) => format.currency(value, 'USD', { maximumFractionDigits: 2, minimumFractionDigits: 2 });
  const columns: TableColumn<Investment>[] = [
    { key: 'plan', header: t('investments.plan'), cell: (row) => row.planName },
    { key: 'amount', header: t('investments.amount'), cell: (row) => money(row.amount), numeric: true },
    { key: 'return', header: t('investments.expectedReturn'), cell: (row) => money(row.expectedReturn), numeric: true },
    { key: 'status', header: t('investments.status'), cell: (row) => <span className={`assets-status assets-status--${row.status}`}>{statusLabel(row.status)}</span> },
    { key: 'started', header: t('investments.startedAt'), cell: (row) => format.dateTime(row.startsAt) },
    { key: 'matures', header: t('investments.maturesAt'), cell: (row) => format.dateTime(row.maturesAt) },
  ];

  function statusLabel(status: string) {
    return status === 'active' || status === 'matured' ? t(`investments.statuses.${status}`) : status;
  }

  return (
    <section className="assets-investments" aria-labelledby="assets-investments-heading">
      <h2 id="assets-investments-heading">{t('investments.title', { count: investments.length })}</h2>
      <Table
        caption={t('investments.caption')}
        hideCaption
        columns={columns}
        rows={investments}
        rowKey={(row) => String(row.id)}
        empty={
          <span className="assets-investments__empty">
            {t('investments.empty')} <ButtonLink to={paths.tradingPlans}>{t('investments.buyPlan')}</ButtonLink>
          </span>
        }
      />
      {investments.length > 0 && <p className="notice">{t('investments.riskNotice')}</p>}
    </section>
  );
}
