import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { ApiError } from '../../../lib/api-client';
import { invalidateAdminData } from '../api/admin-keys';
import { eraseUser, userExportUrl } from '../api/user-privacy';
import { DecisionDialog } from './decision-dialog';
import '../admin-user-privacy.css';

const refusals: Record<string, string> = {
  money_in_flight: 'admin.refused.moneyInFlight',
  balance_above_zero: 'admin.refused.balanceAboveZero',
  already_erased: 'admin.refused.alreadyErased',
};

/** The person's data from their page (issue 37): exported as they would get it, or erased at their request; audited. */
function UserPrivacy({ userId }: { userId: string }) {
  const { t } = useTranslation('privacy');
  const queryClient = useQueryClient();
  const [asking, setAsking] = useState(false);
  const erase = useMutation({
    networkMode: 'always',
    mutationFn: () => eraseUser(userId),
    onSuccess: () => {
      setAsking(false);
      void invalidateAdminData(queryClient);
    },
  });
  const reason = erase.error instanceof ApiError ? erase.error.body?.reason : undefined;
  const refusal = typeof reason === 'string' && refusals[reason] ? t(refusals[reason]) : undefined;
  const error = erase.error ? (refusal ?? t('erase.failed')) : undefined;

  return (
    <section aria-labelledby="user-privacy" className="admin-user-section">
      <h2 id="user-privacy" className="admin-section-title">
        {t('admin.title')}
      </h2>
      <p>{t('admin.intro')}</p>
      <div className="admin-user-privacy__actions">
        <a className="btn btn--secondary btn--sm" href={userExportUrl(userId, 'json')} download>
          {t('admin.json')}
        </a>
        <a className="btn btn--ghost btn--sm" href={userExportUrl(userId, 'zip')} download>
          {t('admin.zip')}
        </a>
        <Button variant="danger" size="sm" onClick={() => setAsking(true)} disabled={erase.isSuccess}>
          {t('admin.erase')}
        </Button>
      </div>
      {erase.isSuccess && <p role="status">{t('admin.erased')}</p>}
      {asking && (
        <DecisionDialog
          title={t('admin.erase')}
          summary={<p>{t('admin.confirm')}</p>}
          confirmLabel={t('admin.erase')}
          danger
          busy={erase.isPending}
          error={error}
          onConfirm={() => erase.mutate()}
          onClose={() => setAsking(false)}
        />
      )}
    </section>
  );
}

export function UserPrivacySection({ userId }: { userId: string }) {
  // Its texts (locales/<lng>/privacy.json) load with the section.
  return (
    <Suspense fallback={null}>
      <UserPrivacy userId={userId} />
    </Suspense>
  );
}
