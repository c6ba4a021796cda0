import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { useFormat } from '../../../lib/format';
import { useDashboard } from '../../../lib/queries/investor';
import { useShowingSavedCopies } from '../../../lib/offline/personal-copy';
import { useOnline } from '../../../lib/hooks/use-online';
import { WithdrawalsList } from '../components/withdrawals-list';
import { WithdrawForm } from '../components/withdraw-form';
import '../withdraw.css';

/** Account Balance from GET /api/dashboard, the withdrawal request form and the investor's withdrawals. */
export function WithdrawPage() {
  const { t } = useTranslation('funds');
  const format = useFormat();
  const dashboard = useDashboard();
  const browserOnline = useOnline();
  // The balance may be the device's saved copy: a request then cannot reach the server either.
  const showingSavedCopies = useShowingSavedCopies();
  const offline = !browserOnline || showingSavedCopies;

  let balance;
  if (dashboard.data)
    balance = (
      <p className="withdraw-balance__value">
        {format.currency(dashboard.data.balances.accountBalance, 'USD', {
          minimumFractionDigits: 2,
          maximumFractionDigits: 2,
        })}
      </p>
    );
  else if (dashboard.isError || (offline && dashboard.fetchStatus === 'paused')) {
    balance = (
      <div role="alert">
        <p>{offline ? t('common.offline') : t('common.loadFailed')}</p>
        <Button variant="secondary" onClick={() => void dashboard.refetch()}>
          {t('common.retry')}
        </Button>
      </div>
    );
  } else balance = <Spinner label={t('common.loading')} />;

  return (
    <div className="investor-page">
      <h1 className="investor-page__title">{t('withdraw.title')}</h1>
      {/* Said before the investor fills the form: a withdrawal request is never queued on the device. */}
      {offline && (
        <p className="notice" role="status">
          {t('common.offline')}
        </p>
      )}
      <Card as="section" className="withdraw-balance" aria-labelledby="withdraw-balance-label">
        <h2 id="withdraw-balance-label" className="withdraw-balance__label">
          {t('withdraw.accountBalance')}
        </h2>
        {balance}
      </Card>
      <Card as="section">
        <WithdrawForm />
      </Card>
      <Card as="section">
        <WithdrawalsList />
      </Card>
    </div>
  );
}
