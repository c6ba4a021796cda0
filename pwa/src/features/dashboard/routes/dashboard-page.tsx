import { usePrefetchQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import type { ActivePlan, Investment } from '../../../../../api/contracts/answers';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { ApiError } from '../../../lib/api-client';
import { useFormat } from '../../../lib/format';
import { plansQuery } from '../../../lib/queries/plans';
import { useDashboard } from '../../../lib/queries/investor';
import { useSavedCopyTime } from '../../../lib/offline/personal-copy';
import { DASHBOARD_COPY } from '../../../lib/offline/copy-keys';
import { useOnline } from '../../../lib/hooks/use-online';
import { AccountSummary } from '../components/account-summary';
import { ActivePlans, ActivePlansTile } from '../components/active-plans';
import { PendingMoney } from '../components/pending-money';
import { ReferralLinkBox } from '../components/referral-link-box';
import { VerifyEmailBanner } from '../components/verify-email-banner';
import '../dashboard.css';

/** What the plan page hands over after a purchase from the balance (router state). */
type DashboardArrival = { boughtInvestment?: Investment } | null;

/**
 * Dashboard home: the Account Summary, active plans and referral link, all from GET /api/dashboard. Right after a
 * purchase the new plan comes first, under a line saying it was bought.
 */
export function DashboardPage() {
  const { t } = useTranslation('investor');
  const format = useFormat();
  const online = useOnline();
  const dashboard = useDashboard();
  // The catalogue comes along (it keeps every plan on the device): a plan tapped later opens even offline.
  usePrefetchQuery(plansQuery());
  const { data } = dashboard;
  const bought = (useLocation().state as DashboardArrival)?.boughtInvestment;
  // Set when the figures came from the copy saved on this device (the server could not be reached).
  const savedAt = useSavedCopyTime(DASHBOARD_COPY);
  const offline =
    !online ||
    dashboard.fetchStatus === 'paused' ||
    (dashboard.error instanceof ApiError && dashboard.error.status === 0);

  let content;
  if (data) {
    content = (
      <>
        {/* Money loaded earlier is labelled with its time, never passed off as current. */}
        {(offline || dashboard.isError || savedAt !== null) && (
          <p className="notice" role="status">
            {t('dashboard.offlineWithData', { time: format.dateTime(savedAt ?? dashboard.dataUpdatedAt) })}
          </p>
        )}
        {bought && <JustBought investment={bought} />}
        {bought && <ActivePlans plans={newPlanFirst(data.activePlans, bought)} newPlanId={bought.id} />}
        <AccountSummary balances={data.balances} />
        {!bought && <ActivePlansTile plans={data.activePlans} />}
        <PendingMoney />
        {!bought && <ActivePlans plans={data.activePlans} />}
        <ReferralLinkBox referralLink={data.referralLink} />
      </>
    );
  } else if (dashboard.isError || offline) {
    content = (
      <div className="investor-state" role="alert">
        <p>{offline ? t('common.offline') : t('common.loadFailed')}</p>
        <Button variant="secondary" onClick={() => void dashboard.refetch()}>
          {t('common.retry')}
        </Button>
      </div>
    );
  } else {
    content = (
      <div className="investor-state">
        <Spinner label={t('common.loading')} />
        <span aria-hidden="true">{t('common.loading')}</span>
      </div>
    );
  }

  return (
    <div className="investor-page">
      <h1 className="investor-page__title">{t('dashboard.title')}</h1>
      <VerifyEmailBanner />
      {content}
    </div>
  );
}

/** The plans with the one just bought first: the server's copy of it, or the purchase's answer if not listed yet. */
function newPlanFirst(plans: ActivePlan[], bought: Investment): ActivePlan[] {
  const listed = plans.find((plan) => String(plan.id) === String(bought.id));
  return [listed ?? bought, ...plans.filter((plan) => plan !== listed)];
}

function JustBought({ investment }: { investment: Investment }) {
  const { t } = useTranslation('investor');
  const format = useFormat();
  const money = (value: number) =>
    format.currency(value, 'USD', { maximumFractionDigits: 2, minimumFractionDigits: 2 });
  return (
    <p className="dashboard-bought" role="status">
      {t('dashboard.bought', {
        plan: investment.planName,
        amount: money(investment.amount),
        when: format.zonedDateTime(investment.maturesAt),
        expected: money(investment.expectedReturn),
      })}
    </p>
  );
}
