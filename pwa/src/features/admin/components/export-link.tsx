import { Download } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { exportUrl, type ExportTable } from '../api/exports';

/** Downloads the table as CSV with the filter on screen; a plain link, so the browser's download manager handles it. */
export function ExportLink({ table, filter }: { table: ExportTable; filter?: Record<string, string | undefined> }) {
  const { t } = useTranslation('admin');
  return (
    <a className="admin-export" href={exportUrl(table, filter)} download>
      <Download aria-hidden="true" size={18} strokeWidth={2} className="admin-inline-icon" />
      {t('export.csv')}
    </a>
  );
}
