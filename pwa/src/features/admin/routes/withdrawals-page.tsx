import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../lib/format';
import { Pagination, pageCount } from '../../../components/ui/pagination';
import {
  adminWithdrawalsQuery,
  approveWithdrawal,
  rejectWithdrawal,
  withdrawalFilters,
  WITHDRAWALS_PAGE_SIZE,
  type AdminWithdrawal,
} from '../api/withdrawals';
import { DecisionDialog } from '../components/decision-dialog';
import { ExportLink } from '../components/export-link';
import { FormOutcome } from '../components/form-outcome';
import { ListOrderSelect } from '../components/list-order-select';
import { ListTotal } from '../components/list-total';
import { LoadState } from '../components/load-state';
import { StatusFilter, useStatusFilter } from '../components/status-filter';
import { WithdrawalsTable } from '../components/withdrawals-table';
import { useDecision } from '../hooks/use-decision';
import { useListPage } from '../hooks/use-list-page';
import { money } from '../utils/money';

/** Withdrawals: approve = the admin paid it outside the system (the tx hash proves it); reject releases the hold. */
export function WithdrawalsPage() {
  const { t } = useTranslation('admin');
  const format = useFormat();
  const [filter, setFilter] = useStatusFilter(withdrawalFilters, 'pending');
  const list = useListPage(filter);
  const withdrawals = useQuery(adminWithdrawalsQuery(filter, list.page, list.order));
  const decision = useDecision<AdminWithdrawal>(
    (kind, withdrawal, text) =>
      kind === 'approve' ? approveWithdrawal(withdrawal.id, text) : rejectWithdrawal(withdrawal.id, text),
    {
      approved: t('withdrawals.approved'),
      rejected: t('withdrawals.rejected'),
      approveFailed: t('withdrawals.approveError'),
      rejectFailed: t('withdrawals.rejectError'),
      offline: t('common.offline'),
    },
  );
  const open = decision.open;
  const names = open && {
    amount: money(format, open.subject.amount),
    user: open.subject.user?.email ?? '',
    method: open.subject.method,
    address: open.subject.address,
  };

  return (
    <div className="admin-page">
      <h1 className="admin-page__title">{t('withdrawals.title')}</h1>
      <div className="admin-toolbar">
        <StatusFilter choices={withdrawalFilters} value={filter} onChange={setFilter} />
        <ListOrderSelect value={list.order} onChange={list.setOrder} />
        <ExportLink table="withdrawals" filter={{ status: filter === 'all' ? undefined : filter }} />
      </div>
      <FormOutcome outcome={decision.outcome} />
      <LoadState query={withdrawals} />
      {withdrawals.data && (
        <>
          <ListTotal total={withdrawals.data.total} />
          <WithdrawalsTable
            withdrawals={withdrawals.data.withdrawals}
            onApprove={(row) => decision.start('approve', row)}
            onReject={(row) => decision.start('reject', row)}
          />
          <Pagination
            page={list.page}
            totalPages={pageCount(withdrawals.data.total, WITHDRAWALS_PAGE_SIZE)}
            onPage={list.setPage}
            label={t('pagination.label')}
            pageLabel={(item) => t('pagination.page', { page: item })}
          />
        </>
      )}
      {open && names && (
        <DecisionDialog
          key={`${open.kind}-${open.subject.id}`}
          title={open.kind === 'approve' ? t('withdrawals.approveTitle', names) : t('withdrawals.rejectTitle', names)}
          summary={
            open.kind === 'approve' ? (
              <>
                <p>{t('withdrawals.approveSummary', names)}</p>
                <p className="admin-address">
                  <code dir="ltr">{names.address}</code>
                </p>
              </>
            ) : (
              <p>{t('withdrawals.rejectSummary', names)}</p>
            )
          }
          input={
            open.kind === 'approve'
              ? {
                  label: t('withdrawals.txHashLabel'),
                  hint: t('withdrawals.txHashHint'),
                  requiredMessage: t('withdrawals.txHashRequired'),
                }
              : {
                  label: t('withdrawals.reasonLabel'),
                  hint: t('withdrawals.reasonHint'),
                  requiredMessage: t('withdrawals.reasonRequired'),
                  multiline: true,
                }
          }
          confirmLabel={open.kind === 'approve' ? t('withdrawals.approveAction') : t('withdrawals.rejectAction')}
          danger={open.kind === 'reject'}
          busy={decision.busy}
          error={decision.dialogError.text}
          inputError={decision.dialogError.input}
          onConfirm={decision.submit}
          onClose={decision.close}
        />
      )}
    </div>
  );
}
