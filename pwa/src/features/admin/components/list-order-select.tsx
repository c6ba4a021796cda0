import { useTranslation } from 'react-i18next';
import { Select } from '../../../components/ui/select';
import { listOrders, type ListOrder } from '../api/list-order';

/** Newest, oldest, largest or smallest first: the sort of a money list. */
export function ListOrderSelect({ value, onChange }: { value: ListOrder; onChange: (next: ListOrder) => void }) {
  const { t } = useTranslation('admin-desk');
  return (
    <div className="admin-filter">
      <Select
        label={t('order.label')}
        value={value}
        options={listOrders.map((order) => ({ value: order, label: t(`order.${order}`) }))}
        onChange={(event) => onChange(event.target.value as ListOrder)}
      />
    </div>
  );
}
