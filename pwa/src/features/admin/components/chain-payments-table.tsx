import { useTranslation } from 'react-i18next';
import { PaymentParts } from '../../../components/ui/payment-parts';
import { Table, type TableColumn } from '../../../components/ui/table';
import { useFormat } from '../../../lib/format';
import { useChainPayments, type AdminChainPayment } from '../api/chains';
import { LoadState } from './load-state';
import { ShortValue } from './short-value';

/** On-chain deposits beside the receipts: who paid what, where it stands, and the transaction on the explorer. */
export function ChainPaymentsTable() {
  const payments = useChainPayments();
  return (
    <>
      <LoadState query={payments} />
      {payments.data && <ChainPaymentsList payments={payments.data} />}
    </>
  );
}

/** A list of on-chain deposits; `withInvestor: false` leaves out who paid, for a page about one investor. */
export function ChainPaymentsList({
  payments,
  withInvestor = true,
}: {
  payments: AdminChainPayment[];
  withInvestor?: boolean;
}) {
  const { t } = useTranslation(['admin', 'funds', 'admin-desk']);
  const format = useFormat();
  const investor: TableColumn<AdminChainPayment> = {
    key: 'user',
    header: t('chains.payments.user'),
    cell: (row) => <ShortValue kind="email" value={row.user.email} />,
  };
  const columns: TableColumn<AdminChainPayment>[] = [
    {
      key: 'amount',
      header: t('chains.payments.amount'),
      cell: (row) => (row.amount === null ? t('chains.unknown') : format.currency(row.amount)),
      numeric: true,
      primary: true,
    },
    {
      key: 'coin',
      header: t('chains.payments.coin'),
      cell: (row) => {
        const coin = t(`funds:coins.${row.coin}`, { defaultValue: row.coin });
        return (
          <span className="admin-cell-stack">
            {`${row.coinAmount} ${coin}`}
            <PaymentParts parts={row.parts} unit={coin} />
          </span>
        );
      },
    },
    ...(withInvestor ? [investor] : []),
    {
      key: 'status',
      header: t('chains.payments.status'),
      cell: (row) =>
        row.status === 'credited'
          ? t('chains.payments.credited')
          : row.status === 'orphaned'
            ? t('chains.payments.orphaned')
            : t('chains.payments.confirming', { done: row.confirmations, required: row.required }),
    },
    {
      key: 'tx',
      header: t('chains.payments.transaction'),
      cell: (row) =>
        row.explorerUrl ? (
          <span className="admin-cell-stack">
            <ShortValue kind="hash" value={row.txHash} />
            <a href={row.explorerUrl} target="_blank" rel="noopener noreferrer">
              {t('admin-desk:explorer')}
            </a>
          </span>
        ) : (
          <ShortValue kind="hash" value={row.txHash} />
        ),
    },
    { key: 'seen', header: t('chains.payments.seen'), cell: (row) => format.dateTime(row.firstSeenAt) },
  ];
  return (
    <Table
      caption={t('chains.payments.caption')}
      hideCaption
      columns={columns}
      rows={payments}
      rowKey={(row) => row.id}
      empty={t('chains.payments.empty')}
    />
  );
}
