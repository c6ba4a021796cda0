import { TriangleAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Table } from '../../../components/ui/table';
import { useFormat } from '../../../lib/format';
import type { Receipt } from '../api/receipts';
import { coinName, money, shortId } from '../utils/money';
import { ReceiptPreview } from './receipt-preview';
import { ShortValue } from './short-value';
import { StatusBadge } from './status-badge';

type ReceiptsTableProps = {
  receipts: Receipt[];
  onConfirm: (receipt: Receipt) => void;
  onReject: (receipt: Receipt) => void;
};

/** Investor-uploaded receipts; only pending ones can be decided. */
export function ReceiptsTable({ receipts, onConfirm, onReject }: ReceiptsTableProps) {
  const { t } = useTranslation('admin');
  const { t: desk } = useTranslation('admin-desk');
  const format = useFormat();
  const who = (receipt: Receipt) => receipt.user?.email || t('receipts.unknownUser');

  return (
    <Table<Receipt>
      caption={t('receipts.caption')}
      hideCaption
      rows={receipts}
      rowKey={(row) => row.id}
      empty={t('receipts.empty')}
      columns={[
        {
          key: 'id',
          header: t('receipts.columns.id'),
          cell: (row) => (
            <div className="admin-cell-stack">
              <ShortValue kind="id" value={row.id} />
              <span className="admin-reason">{format.dateTime(row.createdAt)}</span>
            </div>
          ),
        },
        {
          key: 'user',
          header: t('receipts.columns.user'),
          cell: (row) =>
            row.user?.email ? <ShortValue kind="email" value={row.user.email} /> : t('receipts.unknownUser'),
        },
        {
          key: 'amount',
          // The plan sits under the amount it buys: one column fewer, so the table reads at 1280 px.
          header: desk('receipts.amountColumn'),
          numeric: true,
          cell: (row) => (
            <div className="admin-cell-stack admin-cell-stack--end">
              <span>{money(format, row.amount)}</span>
              {row.coin && <span className="admin-reason">{coinName(row.coin)}</span>}
              <span className="admin-reason">{row.planName ?? t('receipts.noPlan')}</span>
            </div>
          ),
        },
        {
          key: 'status',
          header: t('receipts.columns.status'),
          cell: (row) => (
            <div className="admin-cell-stack">
              <StatusBadge status={row.status} />
              {row.duplicateOf && (
                <span className="admin-duplicate" role="note">
                  <TriangleAlert aria-hidden="true" size={16} strokeWidth={2} className="admin-inline-icon" />{' '}
                  {t('receipts.duplicateOf', { id: shortId(row.duplicateOf) })}
                </span>
              )}
              {row.rejectReason && (
                <span className="admin-reason">{t('receipts.reason', { reason: row.rejectReason })}</span>
              )}
            </div>
          ),
        },
        {
          key: 'file',
          header: t('receipts.columns.file'),
          cell: (row) => <ReceiptPreview id={row.id} user={who(row)} />,
        },
        {
          key: 'actions',
          header: t('receipts.columns.actions'),
          cell: (row) =>
            row.status === 'pending' && (
              <div className="admin-actions">
                <Button
                  size="sm"
                  onClick={() => onConfirm(row)}
                  aria-label={t('receipts.confirmFor', { amount: money(format, row.amount), user: who(row) })}
                >
                  {t('receipts.confirm')}
                </Button>
                <Button
                  size="sm"
                  variant="secondary"
                  onClick={() => onReject(row)}
                  aria-label={t('receipts.rejectFor', { amount: money(format, row.amount), user: who(row) })}
                >
                  {t('receipts.reject')}
                </Button>
              </div>
            ),
        },
      ]}
    />
  );
}
