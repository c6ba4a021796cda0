import { useTranslation } from 'react-i18next';
import { Card } from '../../../components/ui/card';
import { paths } from '../../../config/paths';
import { useFormat } from '../../../lib/format';
import { useAdminMe } from '../api/admin-auth';
import { useAdminId } from '../api/admin-session';
import { useDailyFlows, useAdminStats } from '../api/stats';
import { LiabilitySnapshotCard } from '../components/liability-snapshot-card';
import { LoadState } from '../components/load-state';
import { MoneyChart } from '../components/money-chart';
import { StatCard } from '../components/stat-card';
import { money } from '../utils/money';

/** The admin's own e-mail and name, and the platform's figures with links to what waits for a decision. */
export function DashboardOverviewPage() {
  const { t } = useTranslation('admin');
  const format = useFormat();
  const adminId = useAdminId();
  const me = useAdminMe(adminId);
  const stats = useAdminStats();
  const daily = useDailyFlows(30);
  const data = stats.data;
  const counted = (figure: { count: number; amount: number }) =>
    t('dashboard.countAndAmount', { countText: format.number(figure.count), amount: money(format, figure.amount) });

  return (
    <div className="admin-page">
      <h1 className="admin-page__title">{t('dashboard.title')}</h1>
      <Card as="section" aria-labelledby="admin-me-title" className="admin-me">
        <h2 id="admin-me-title" className="admin-section-title">
          {t('dashboard.you')}
        </h2>
        <dl className="admin-me__list">
          <div>
            <dt>{t('dashboard.email')}</dt>
            <dd>{me.data?.email ?? '…'}</dd>
          </div>
          <div>
            <dt>{t('dashboard.name')}</dt>
            <dd>{me.data ? me.data.name || t('dashboard.noName') : '…'}</dd>
          </div>
        </dl>
      </Card>
      <section aria-labelledby="admin-stats-title">
        <h2 id="admin-stats-title" className="admin-section-title">
          {t('dashboard.figures')}
        </h2>
        <LoadState query={stats} />
        {data && (
          <dl className="admin-stats">
            <StatCard
              label={t('dashboard.users')}
              value={format.number(data.users)}
              link={{ to: paths.adminUsers, text: t('dashboard.viewUsers') }}
            />
            <StatCard
              label={t('dashboard.depositsPending')}
              value={counted(data.deposits.pending)}
              highlight={data.deposits.pending.count > 0}
              link={{ to: `${paths.adminReceipts}?status=pending`, text: t('dashboard.reviewReceipts') }}
            />
            <StatCard label={t('dashboard.depositsConfirmed')} value={counted(data.deposits.confirmed)} />
            <StatCard
              label={t('dashboard.withdrawalsPending')}
              value={counted(data.withdrawals.pending)}
              highlight={data.withdrawals.pending.count > 0}
              link={{ to: `${paths.adminWithdrawals}?status=pending`, text: t('dashboard.reviewWithdrawals') }}
            />
            <StatCard label={t('dashboard.withdrawalsPaid')} value={counted(data.withdrawals.paid)} />
            <StatCard
              label={t('dashboard.fundsHeld')}
              value={money(format, data.fundsHeld)}
              note={t('dashboard.fundsHeldNote')}
            />
            <StatCard
              label={t('dashboard.returnsDue')}
              value={counted(data.returnsDueIn24h)}
              note={t('dashboard.returnsDueNote')}
            />
          </dl>
        )}
      </section>
      <Card as="section" aria-labelledby="admin-chart-title">
        <h2 id="admin-chart-title" className="admin-section-title">
          {t('chart.title')}
        </h2>
        <LoadState query={daily} />
        {daily.data && <MoneyChart days={daily.data} />}
      </Card>
      <LiabilitySnapshotCard />
    </div>
  );
}
