import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../../components/ui/button';
import { Table, type TableColumn } from '../../../components/ui/table';
import { paths } from '../../../config/paths';
import { useFormat } from '../../../lib/format';
import { useNow } from '../../../lib/hooks/use-now';
import type { Investment } from '../../../../../api/contracts/answers';

/** Every plan the investor holds or held, newest first, as the API lists them. */
export function InvestmentsTable({ investments }: { investments: Investment[] }) {
  const { t } = useTranslation('assets');
  const format = useFormat();
  const now = useNow();
  const money = (value: number) =>
    format.currency(value, 'USD', { maximumFractionDigits: 2, minimumFractionDigits: 2 });

  function statusLabel(status: string) {
    return status === 'active' || status === 'matured' ? t(`investments.statuses.${status}`) : status;
  }

  /** An active plan says how long it has left; one past its date is being paid out by the next maturity run. */
  function timeLeft(row: Investment) {
    if (row.status !== 'active') return null;
    const due = new Date(row.maturesAt).getTime() <= now;
    return (
      <span className="assets-investments__left">
        {due ? t('investments.maturingNow') : t('investments.timeLeft', { relative: format.age(row.maturesAt, now) })}
      </span>
    );
  }

  const columns: TableColumn<Investment>[] = [
    { key: 'plan', header: t('investments.plan'), cell: (row) => row.planName },
    { key: 'amount', header: t('investments.amount'), cell: (row) => money(row.amount), numeric: true, primary: true },
    { key: 'return', header: t('investments.expectedReturn'), cell: (row) => money(row.expectedReturn), numeric: true },
    {
      key: 'status',
      header: t('investments.status'),
      cell: (row) => <span className={`assets-status assets-status--${row.status}`}>{statusLabel(row.status)}</span>,
    },
    { key: 'started', header: t('investments.startedAt'), cell: (row) => format.dateTime(row.startsAt) },
    {
      key: 'matures',
      header: t('investments.maturesAt'),
      cell: (row) => (
        <span>
          {format.dateTime(row.maturesAt)} {timeLeft(row)}
        </span>
      ),
    },
  ];

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
