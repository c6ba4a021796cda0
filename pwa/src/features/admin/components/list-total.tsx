import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../lib/format';

/** How many rows the filter matches, over every page; announced when the filter changes it. */
export function ListTotal({ total }: { total: number }) {
  const { t } = useTranslation('admin-desk');
  const format = useFormat();
  return (
    <p className="admin-total" aria-live="polite">
      {t('list.total', { total: format.number(total) })}
    </p>
  );
}
