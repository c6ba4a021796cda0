import { useTranslation } from 'react-i18next';
import type { TermsAcceptanceAnswer } from '../../../../../api/contracts/terms';
import { Table } from '../../../components/ui/table';
import { useFormat } from '../../../lib/format';
import { useUserTerms } from '../api/user-terms';

/** The user's page: which versions of the terms and risk disclosure they accepted, when, and on what occasion. */
export function UserTermsSection({ userId }: { userId: string }) {
  const { t } = useTranslation('terms');
  const format = useFormat();
  const terms = useUserTerms(userId);
  const context = (row: TermsAcceptanceAnswer) =>
    row.context === 'plan_purchase'
      ? t('profile.context.plan_purchase', { plan: row.planId, planVersion: row.planVersion })
      : t(`profile.context.${row.context}`);

  return (
    <section aria-labelledby="user-terms" className="admin-user-section">
      <h2 id="user-terms" className="admin-section-title">
        {t('admin.title')}
      </h2>
      <Table<TermsAcceptanceAnswer>
        caption={t('admin.title')}
        hideCaption
        rows={terms.data?.acceptances ?? []}
        rowKey={(row) => `${row.version}-${row.acceptedAt}-${row.context}`}
        columns={[
          { key: 'version', header: t('admin.version'), cell: (row) => row.version },
          { key: 'acceptedAt', header: t('admin.acceptedAt'), cell: (row) => format.dateTime(row.acceptedAt) },
          { key: 'context', header: t('admin.context'), cell: context },
        ]}
        empty={terms.isPending ? t('profile.loading') : t('admin.none')}
      />
    </section>
  );
}
