import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Button } from '../../../components/ui/button';
import { Table } from '../../../components/ui/table';
import { paths } from '../../../config/paths';
import { useFormat } from '../../../lib/format';
import type { AdminWithdrawal } from '../api/withdrawals';
import { coinName, money } from '../utils/money';
import { ShortValue } from './short-value';
import { StatusBadge } from './status-badge';

type WithdrawalsTableProps = {
  withdrawals: AdminWithdrawal[];
  onApprove: (withdrawal: AdminWithdrawal) => void;
  /** An approved on-chain withdrawal: the pay link and the payment's hash. */
  onPay: (withdrawal: AdminWithdrawal) => void;
  onReject: (withdrawal: AdminWithdrawal) => void;
};

/**
 * Withdrawal requests; the amount is already held, so the available balance shown is what is left besides it. An
 * on-chain one shows its coin amount once approved and its transaction with its confirmations once paid; one paid by
 * hand says that nothing checked it on chain.
 */
export function WithdrawalsTable({ withdrawals, onApprove, onPay, onReject }: WithdrawalsTableProps) {
  const { t } = useTranslation(['admin', 'admin-desk']);
  const format = useFormat();
  const rowNames = (row: AdminWithdrawal) => ({ amount: money(format, row.amount), user: row.user?.email ?? '' });

  return (
    <Table<AdminWithdrawal>
      caption={t('withdrawals.caption')}
      hideCaption
      rows={withdrawals}
      rowKey={(row) => row.id}
      empty={t('withdrawals.empty')}
      columns={[
        {
          key: 'user',
          header: t('withdrawals.columns.user'),
          cell: (row) => (
            <div className="admin-cell-stack">
              {row.user?.email ? <ShortValue kind="email" value={row.user.email} /> : t('receipts.unknownUser')}
              <span className="admin-reason">{format.dateTime(row.createdAt)}</span>
            </div>
          ),
        },
        {
          key: 'amount',
          header: t('withdrawals.columns.amount'),
          numeric: true,
          cell: (row) => (
            <div className="admin-cell-stack admin-cell-stack--end">
              <span>{money(format, row.amount)}</span>
              <span className="admin-reason">{row.method}</span>
              {row.coinAmount && row.rate && (
                <span className="admin-reason">
                  {t('withdrawals.coinAmount', {
                    coins: format.isolate(`${row.coinAmount} ${coinName(row.coin ?? '')}`),
                    rate: money(format, Number(row.rate)),
                  })}
                </span>
              )}
            </div>
          ),
        },
        {
          key: 'address',
          header: t('withdrawals.columns.address'),
          cell: (row) => <ShortValue kind="hash" value={row.address} />,
        },
        {
          key: 'balance',
          header: t('withdrawals.columns.available'),
          numeric: true,
          cell: (row) => money(format, row.availableBalance),
        },
        {
          key: 'status',
          header: t('withdrawals.columns.status'),
          cell: (row) => (
            <div className="admin-cell-stack">
              <StatusBadge status={row.status} />
              {row.txHash && (
                <span className="admin-reason">
                  {t('withdrawals.txHash')} <ShortValue kind="hash" value={row.txHash} />
                </span>
              )}
              {row.explorerUrl && (
                <a href={row.explorerUrl} target="_blank" rel="noopener noreferrer">
                  {t('admin-desk:explorer')}
                </a>
              )}
              {row.status === 'broadcast' && row.required !== null && (
                <span className="admin-reason">
                  {t('withdrawals.confirmations', {
                    done: format.number(row.confirmations ?? 0),
                    required: format.number(row.required),
                  })}
                </span>
              )}
              {row.status === 'paid' && !row.onChain && (
                <span className="admin-reason">{t('withdrawals.markedPaid')}</span>
              )}
              {row.rejectReason && (
                <span className="admin-reason">{t('receipts.reason', { reason: row.rejectReason })}</span>
              )}
            </div>
          ),
        },
        {
          key: 'actions',
          header: t('withdrawals.columns.actions'),
          cell: (row) =>
            (row.status === 'pending' || (row.status === 'approved' && row.onChain)) && (
              <div className="admin-actions">
                {row.status === 'approved' && row.paidInBatch ? (
                  <Link to={paths.adminPayouts}>{t('withdrawals.toPayouts')}</Link>
                ) : row.status === 'approved' ? (
                  <Button size="sm" onClick={() => onPay(row)} aria-label={t('withdrawals.payFor', rowNames(row))}>
                    {t('withdrawals.pay')}
                  </Button>
                ) : (
                  <Button
                    size="sm"
                    onClick={() => onApprove(row)}
                    aria-label={t('withdrawals.approveFor', rowNames(row))}
                  >
                    {t('withdrawals.approve')}
                  </Button>
                )}
                <Button
                  size="sm"
                  variant="secondary"
                  onClick={() => onReject(row)}
                  aria-label={t('withdrawals.rejectFor', rowNames(row))}
                >
                  {t('withdrawals.reject')}
                </Button>
              </div>
            ),
        },
      ]}
    />
  );
}
