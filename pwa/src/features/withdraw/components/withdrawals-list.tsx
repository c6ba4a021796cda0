import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { Table } from '../../../components/ui/table';
import { WithdrawalSteps } from '../../../components/ui/withdrawal-steps';
import { useFormat } from '../../../lib/format';
import { useOnline } from '../../../lib/hooks/use-online';
import type { Withdrawal } from '../../../../../api/contracts/answers';
import { useWithdrawals } from '../api/withdrawals';

/** The investor's own withdrawals (GET /api/withdrawals), newest first, with their status and steps. */
export function WithdrawalsList() {
  const { t } = useTranslation('funds');
  const format = useFormat();
  const withdrawals = useWithdrawals();
  const offline = !useOnline();

  if (!withdrawals.data && (withdrawals.isError || (offline && withdrawals.fetchStatus === 'paused'))) {
    return (
      <div className="investor-state" role="alert">
        <p>{offline ? t('common.offline') : t('common.loadFailed')}</p>
        <Button variant="secondary" onClick={() => void withdrawals.refetch()}>
          {t('common.retry')}
        </Button>
      </div>
    );
  }
  if (!withdrawals.data) return <Spinner label={t('common.loading')} />;
  return (
    <Table<Withdrawal>
      caption={t('withdraw.historyTitle')}
      rows={withdrawals.data}
      rowKey={(row) => row.id}
      empty={t('withdraw.historyEmpty')}
      columns={[
        { key: 'date', header: t('withdraw.columns.date'), cell: (row) => format.dateTime(row.createdAt) },
        {
          key: 'amount',
          header: t('withdraw.columns.amount'),
          numeric: true,
          primary: true,
          cell: (row) => format.currency(row.amount),
        },
        { key: 'method', header: t('withdraw.columns.method'), nowrap: true, cell: (row) => row.method },
        {
          key: 'address',
          header: t('withdraw.columns.address'),
          cell: (row) => <code className="withdraw-address">{row.address}</code>,
        },
        {
          key: 'status',
          header: t('withdraw.columns.status'),
          cell: (row) => (
            <>
              <span className={`withdraw-status withdraw-status--${row.status}`}>
                {t(`withdraw.status.${row.status}`)}
              </span>
              {row.rejectReason && (
                <span className="withdraw-reason">{t('withdraw.rejectReason', { reason: row.rejectReason })}</span>
              )}
              <WithdrawalSteps withdrawal={row} />
            </>
          ),
        },
      ]}
    />
  );
}
