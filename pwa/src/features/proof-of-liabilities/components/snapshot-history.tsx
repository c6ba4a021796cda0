import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Table, type TableColumn } from '../../../components/ui/table';
import { useFormat } from '../../../lib/format';
import { downloadJson, type LiabilitySnapshot } from '../../../lib/queries/liability-snapshots';
import { rootFile } from '../root-file';

/** Every published snapshot, newest first, each with its root as a JSON file to keep or compare later. */
export function SnapshotHistory({ snapshots }: { snapshots: LiabilitySnapshot[] }) {
  const { t } = useTranslation('liabilities');
  const format = useFormat();
  const usd = (value: number) => format.currency(value, 'USD', { maximumFractionDigits: 2, minimumFractionDigits: 2 });
  const columns: TableColumn<LiabilitySnapshot>[] = [
    { key: 'date', header: t('history.date'), cell: (row) => format.dateTime(row.takenAt) },
    { key: 'total', header: t('latest.total'), cell: (row) => usd(row.total), numeric: true, primary: true },
    { key: 'investors', header: t('latest.investors'), cell: (row) => format.number(row.investors), numeric: true },
    { key: 'root', header: t('latest.root'), cell: (row) => <code className="liabilities__hash">{row.root}</code> },
    {
      key: 'download',
      header: <span className="visually-hidden">{t('history.download')}</span>,
      label: '',
      cell: (row) => (
        <Button
          variant="secondary"
          size="sm"
          onClick={() => downloadJson(`liabilities-root-${row.id}.json`, rootFile(row))}
        >
          {t('history.download')}
          {/* Which row's file, for a screen reader going from button to button; the name still starts as seen. */}
          <span className="visually-hidden"> {format.dateTime(row.takenAt)}</span>
        </Button>
      ),
    },
  ];
  return (
    <section className="liabilities__section" aria-labelledby="liabilities-history-title">
      <h2 id="liabilities-history-title">{t('history.title')}</h2>
      <Table
        caption={t('history.caption')}
        hideCaption
        columns={columns}
        rows={snapshots}
        rowKey={(row) => String(row.id)}
      />
    </section>
  );
}
