import { useTranslation } from 'react-i18next';
import { Table, type TableColumn } from '../../../components/ui/table';
import { useFormat } from '../../../lib/format';
import type { TransactionRow } from '../api/transactions-query';
import { transactionStatusLabel, transactionTypeLabel } from '../utils/transaction-labels';

type TransactionsTableProps = { caption: string; rows: TransactionRow[]; empty: string };

export function TransactionsTable({ caption, rows, empty }: TransactionsTableProps) {
  const { t } = useTranslation(['investor', 'funds']);
  // A deposit names its coin (the API's id), a withdrawal its method (already a name).
  const via = (row: TransactionRow) => (row.via ? t(`funds:coins.${row.via}`, { defaultValue: row.via }) : null);
  const format = useFormat();
  const columns: TableColumn<TransactionRow>[] = [
    { key: 'date', header: t('transactions.columns.date'), cell: (row) => format.dateTime(row.date) },
    {
      key: 'type',
      header: t('transactions.columns.type'),
      cell: (row) => (
        <span>
          {transactionTypeLabel(row.type, t)}
          {row.type === 'Deposit' || row.type.startsWith('Deposit (')
            ? via(row) && <span className="transactions-via"> · {via(row)}</span>
            : null}
        </span>
      ),
    },
    {
      key: 'status',
      header: t('transactions.columns.status'),
      cell: (row) => (
        <span className={`status-badge status-badge--${row.status}`}>{transactionStatusLabel(row.status, t)}</span>
      ),
    },
    {
      key: 'amount',
      header: t('transactions.columns.amount'),
      numeric: true,
      primary: true,
      cell: (row) => format.currency(row.amount, 'USD', { minimumFractionDigits: 2, maximumFractionDigits: 2 }),
    },
  ];
  return <Table caption={caption} hideCaption columns={columns} rows={rows} rowKey={(row) => row.id} empty={empty} />;
}
