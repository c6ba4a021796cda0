import { useTranslation } from 'react-i18next';
import { Table, type TableColumn } from '../../../components/ui/table';
import { useFormat } from '../../../lib/format';
import { useReserves, type ReserveAddress } from '../api/reserves-query';

/**
 * Reserves beside the liabilities, when the operator takes on-chain deposits: each derived address with its balance
 * on chain, the total and the ratio, and always the plain words on what this does not prove.
 */
export function ReservesSection() {
  const { t } = useTranslation('liabilities');
  const format = useFormat();
  const { data } = useReserves();
  if (!data?.configured) return null;
  const usd = (value: number | null) =>
    value === null
      ? t('reserves.unavailable')
      : format.currency(value, 'USD', { maximumFractionDigits: 2, minimumFractionDigits: 2 });
  const columns: TableColumn<ReserveAddress>[] = [
    { key: 'chain', header: t('reserves.chain'), cell: (row) => row.chain },
    {
      key: 'address',
      header: t('reserves.address'),
      cell: (row) => <code className="liabilities__hash">{row.address}</code>,
    },
    {
      key: 'balance',
      header: t('reserves.balance'),
      cell: (row) => (row.balance === null ? t('reserves.unavailable') : `${row.balance} ${row.coin.toUpperCase()}`),
      numeric: true,
    },
    { key: 'value', header: t('reserves.value'), cell: (row) => usd(row.value), numeric: true, primary: true },
  ];
  return (
    <section className="liabilities__section" aria-labelledby="liabilities-reserves-title">
      <h2 id="liabilities-reserves-title">{t('reserves.title')}</h2>
      <p>{t('reserves.intro')}</p>
      <dl className="liabilities__figures">
        <div>
          <dt>{t('reserves.total')}</dt>
          <dd className="liabilities__total">{usd(data.total)}</dd>
        </div>
        <div>
          <dt>{t('reserves.ratio')}</dt>
          <dd className="liabilities__total">
            {data.ratio === null
              ? t('reserves.unavailable')
              : format.number(data.ratio, { style: 'percent', maximumFractionDigits: 1 })}
          </dd>
        </div>
      </dl>
      <p className="notice">{t('reserves.caveat')}</p>
      <Table
        caption={t('reserves.caption')}
        hideCaption
        columns={columns}
        rows={data.addresses}
        rowKey={(row) => `${row.chain}:${row.coin}:${row.address}`}
      />
    </section>
  );
}
