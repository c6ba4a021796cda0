import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { paths } from '../../../config/paths';
import type { Withdrawal } from '../../../../../api/contracts/answers';
import { Table, type TableColumn } from '../../../components/ui/table';
import { WithdrawalSteps } from '../../../components/ui/withdrawal-steps';
import { useFormat } from '../../../lib/format';
import type { TransactionRow } from '../api/transactions-query';
import { transactionStatusLabel, transactionTypeLabel } from '../utils/transaction-labels';

/** A transaction hash short enough for a phone's table: its start and end, the whole in its title. */
const shortHash = (hash: string) => (hash.length > 16 ? `${hash.slice(0, 8)}…${hash.slice(-6)}` : hash);

type TransactionsTableProps = {
  caption: string;
  rows: TransactionRow[];
  empty: string;
  /** The withdrawal tab's withdrawals by id: each row then shows its steps under its status. */
  withdrawals?: ReadonlyMap<string, Withdrawal>;
};

export function TransactionsTable({ caption, rows, empty, withdrawals }: TransactionsTableProps) {
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
          {row.onChain ? (
            <Link to={paths.depositQuote(row.onChain.quoteId)}>{transactionTypeLabel(row.type, t)}</Link>
          ) : (
            transactionTypeLabel(row.type, t)
          )}
          {row.type === 'Deposit' || row.type.startsWith('Deposit (') || row.onChain
            ? via(row) && <span className="transactions-via"> · {via(row)}</span>
            : null}
          {row.onChain?.explorerUrl && (
            <a
              className="transactions-tx"
              dir="ltr"
              href={row.onChain.explorerUrl}
              target="_blank"
              rel="noopener noreferrer"
              title={row.onChain.txHash}
            >
              {shortHash(row.onChain.txHash)}
            </a>
          )}
        </span>
      ),
    },
    {
      key: 'status',
      header: t('transactions.columns.status'),
      cell: (row) => (
        <>
          <span>
            <span className={`status-badge status-badge--${row.status}`}>{transactionStatusLabel(row.status, t)}</span>
            {row.onChain && row.status === 'pending' && (
              <span className="transactions-via">
                {' '}
                ·{' '}
                {t('funds:onChain.confirmations', {
                  done: format.number(row.onChain.confirmations),
                  required: format.number(row.onChain.required),
                })}
              </span>
            )}
          </span>
          {row.held && (
            // Confirmed yet not usable: My Assets says why and what releases it.
            <Link className="transactions-held" to={paths.asset}>
              {t(`transactions.held.${row.held}`)}
            </Link>
          )}
          {withdrawals?.has(row.id) && <WithdrawalSteps withdrawal={withdrawals.get(row.id)!} />}
        </>
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
