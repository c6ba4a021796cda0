import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { approveWithdrawalSchema } from '../../../../../api/contracts/investments';
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
import { WithdrawalPayment } from '../components/withdrawal-payment';
import { WithdrawalsTable } from '../components/withdrawals-table';
import { useDecision } from '../hooks/use-decision';
import { useListPage } from '../hooks/use-list-page';
import { money } from '../utils/money';

/** What approving a withdrawal means: fix its coin amount, check its on-chain payment, or mark it paid by hand. */
type ApprovalStep = 'fix' | 'pay' | 'hand';

/**
 * Withdrawals. On a configured EVM chain, approving fixes the coin amount at the live rate, the admin pays it from
 * their own wallet (link and QR code) and enters the hash, which the server checks on the node. Any other is approved
 * by marking it paid with the payment's hash, unchecked. Reject releases the hold.
 */
export function WithdrawalsPage() {
  const { t } = useTranslation('admin');
  const format = useFormat();
  const [filter, setFilter] = useStatusFilter(withdrawalFilters, 'pending');
  const list = useListPage(filter);
  const withdrawals = useQuery(adminWithdrawalsQuery(filter, list.page, list.order));
  const approvalStep = (withdrawal: AdminWithdrawal): ApprovalStep =>
    withdrawal.status === 'approved' ? 'pay' : withdrawal.payableOnChain ? 'fix' : 'hand';
  const decision = useDecision<AdminWithdrawal>(
    (kind, withdrawal, text) =>
      kind === 'approve'
        ? approveWithdrawal(withdrawal.id, approvalStep(withdrawal) === 'fix' ? undefined : text)
        : rejectWithdrawal(withdrawal.id, text),
    {
      approved: (withdrawal) =>
        withdrawal.paidInBatch && approvalStep(withdrawal) === 'fix'
          ? t('withdrawals.fixedForBatch')
          : { fix: t('withdrawals.fixed'), pay: t('withdrawals.paymentFound'), hand: t('withdrawals.approved') }[
              approvalStep(withdrawal)
            ],
      rejected: t('withdrawals.rejected'),
      approveFailed: t('withdrawals.approveError'),
      rejectFailed: t('withdrawals.rejectError'),
      offline: t('common.offline'),
    },
    // Once its coin amount is fixed, the same dialog goes on to the payment: the row has left the pending list.
    (answer, withdrawal) => {
      const approved = (answer as { withdrawal?: Partial<AdminWithdrawal> }).withdrawal;
      // A batch-paid one (UTXO chain) waits for the Payouts page instead.
      return approved?.status === 'approved' && !approved.paidInBatch
        ? { kind: 'approve', subject: { ...withdrawal, ...approved } }
        : null;
    },
  );
  const open = decision.open;
  const names = open && {
    amount: money(format, open.subject.amount),
    user: open.subject.user?.email ?? '',
    method: open.subject.method,
    address: open.subject.address,
  };
  const approvalDialog = (subject: AdminWithdrawal, names: Record<string, string>) => {
    const step = approvalStep(subject);
    if (step === 'fix')
      return {
        title: t('withdrawals.fixTitle', names),
        summary: <p>{t('withdrawals.fixSummary', names)}</p>,
        confirmLabel: t('withdrawals.fixAction'),
      };
    const hashInput = {
      label: t('withdrawals.txHashLabel'),
      hint: t(step === 'pay' ? 'withdrawals.txHashCheckedHint' : 'withdrawals.txHashHint'),
      requiredMessage: t('withdrawals.txHashRequired'),
      accepts: (text: string) => approveWithdrawalSchema.shape.txHash.safeParse(text).success,
    };
    if (step === 'pay')
      return {
        title: t('withdrawals.payTitle', names),
        summary: <WithdrawalPayment withdrawal={subject} />,
        input: hashInput,
        confirmLabel: t('withdrawals.checkAction'),
      };
    return {
      title: t('withdrawals.approveTitle', names),
      summary: (
        <>
          <p>{t('withdrawals.approveSummary', names)}</p>
          <p className="admin-address">
            <code dir="ltr">{names.address}</code>
          </p>
        </>
      ),
      input: hashInput,
      confirmLabel: t('withdrawals.approveAction'),
    };
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
            onPay={(row) => decision.start('approve', row)}
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
          key={`${open.kind}-${open.subject.id}-${open.subject.status}`}
          {...(open.kind === 'reject'
            ? {
                title: t('withdrawals.rejectTitle', names),
                summary: <p>{t('withdrawals.rejectSummary', names)}</p>,
                input: {
                  label: t('withdrawals.reasonLabel'),
                  hint: t('withdrawals.reasonHint'),
                  requiredMessage: t('withdrawals.reasonRequired'),
                  multiline: true,
                },
                confirmLabel: t('withdrawals.rejectAction'),
                danger: true,
              }
            : approvalDialog(open.subject, names))}
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
