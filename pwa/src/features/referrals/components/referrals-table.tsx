import { useTranslation } from 'react-i18next';
import { Table } from '../../../components/ui/table';
import { useFormat } from '../../../lib/format';
import type { Referral } from '../api/referrals-query';

export function ReferralsTable({ referrals }: { referrals: Referral[] }) {
  const { t } = useTranslation('investor');
  const format = useFormat();
  return (
    <Table
      caption={t('referrals.listTitle')}
      columns={[
        { key: 'firstName', header: t('referrals.columns.firstName'), cell: (row) => row.firstName },
        { key: 'joined', header: t('referrals.columns.joined'), cell: (row) => format.date(row.joinedAt) },
        {
          key: 'bonus',
          header: t('referrals.columns.bonus'),
          numeric: true,
          cell: (row) => format.currency(row.bonus, 'USD', { minimumFractionDigits: 2, maximumFractionDigits: 2 }),
        },
      ]}
      rows={referrals}
      // Two people may share a first name and a day; their order from the API is stable.
      rowKey={(row) => `${referrals.indexOf(row)}`}
      empty={t('referrals.none')}
    />
  );
}
