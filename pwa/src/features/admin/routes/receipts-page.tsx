import { TriangleAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../lib/format';
import { Pagination, pageCount } from '../../../components/ui/pagination';
import {
  confirmReceipt,
  useReceipts,
  receiptStatuses,
  RECEIPTS_PAGE_SIZE,
  rejectReceipt,
  type Receipt,
} from '../api/receipts';
import { DecisionDialog } from '../components/decision-dialog';
import { ExportLink } from '../components/export-link';
import { FormOutcome } from '../components/form-outcome';
import { ListOrderSelect } from '../components/list-order-select';
import { ListTotal } from '../components/list-total';
import { LoadState } from '../components/load-state';
import { ReceiptPreview } from '../components/receipt-preview';
import { ReceiptsTable } from '../components/receipts-table';
import { StatusFilter, useStatusFilter } from '../components/status-filter';
import { useDecision } from '../hooks/use-decision';
import { useListPage } from '../hooks/use-list-page';
import { money, shortId } from '../utils/money';

/** Confirm Receipts: confirming credits the investor (once); rejecting needs a reason the investor will see. */
export function ReceiptsPage() {
  const { t } = useTranslation('admin');
  const format = useFormat();
  const [filter, setFilter] = useStatusFilter(receiptStatuses, 'pending');
  const list = useListPage(filter);
  const receipts = useReceipts(filter, list.page, list.order);
  const decision = useDecision<Receipt>(
    (kind, receipt, reason) => (kind === 'approve' ? confirmReceipt(receipt.id) : rejectReceipt(receipt.id, reason)),
    {
      approved: t('receipts.confirmed'),
      rejected: t('receipts.rejected'),
      approveFailed: t('receipts.confirmError'),
      rejectFailed: t('receipts.rejectError'),
      offline: t('common.offline'),
    },
  );
  const open = decision.open;
  const names = open && {
    amount: money(format, open.subject.amount),
    user: open.subject.user?.email || t('receipts.unknownUser'),
    plan: open.subject.planName ?? '',
  };

  return (
    <div className="admin-page">
      <h1 className="admin-page__title">{t('receipts.title')}</h1>
      <div className="admin-toolbar">
        <StatusFilter choices={receiptStatuses} value={filter} onChange={setFilter} />
        <ListOrderSelect value={list.order} onChange={list.setOrder} />
        <ExportLink table="receipts" filter={{ status: filter === 'all' ? undefined : filter }} />
      </div>
      <FormOutcome outcome={decision.outcome} />
      <LoadState query={receipts} />
      {receipts.data && (
        <>
          <ListTotal total={receipts.data.total} />
          <ReceiptsTable
            receipts={receipts.data.receipts}
            onConfirm={(row) => decision.start('approve', row)}
            onReject={(row) => decision.start('reject', row)}
          />
          <Pagination
            page={list.page}
            totalPages={pageCount(receipts.data.total, RECEIPTS_PAGE_SIZE)}
            onPage={list.setPage}
            label={t('pagination.label')}
            pageLabel={(item) => t('pagination.page', { page: item })}
          />
        </>
      )}
      {open && names && (
        <DecisionDialog
          key={`${open.kind}-${open.subject.id}`}
          title={open.kind === 'approve' ? t('receipts.confirmTitle', names) : t('receipts.rejectTitle', names)}
          summary={
            <>
              <p>
                {open.kind === 'approve'
                  ? open.subject.planName
                    ? t('receipts.confirmSummaryPlan', names)
                    : t('receipts.confirmSummary', names)
                  : t('receipts.rejectSummary', names)}
              </p>
              {open.subject.duplicateOf && (
                <p className="admin-message admin-message--warning" role="note">
                  <TriangleAlert aria-hidden="true" size={16} strokeWidth={2} className="admin-inline-icon" />{' '}
                  {t('receipts.duplicateWarning', { id: shortId(open.subject.duplicateOf) })}
                </p>
              )}
              <ReceiptPreview id={open.subject.id} user={names.user} size="large" />
            </>
          }
          input={
            open.kind === 'reject'
              ? {
                  label: t('receipts.reasonLabel'),
                  hint: t('receipts.reasonHint'),
                  requiredMessage: t('receipts.reasonRequired'),
                  multiline: true,
                }
              : undefined
          }
          confirmLabel={open.kind === 'approve' ? t('receipts.confirmAction') : t('receipts.rejectAction')}
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
