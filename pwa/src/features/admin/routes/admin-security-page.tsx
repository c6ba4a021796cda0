import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { Card } from '../../../components/ui/card';
import { SessionsPanel } from '../../../lib/account-security/sessions-panel';
import { TwoFactorPanel } from '../../../lib/account-security/two-factor-panel';
import { paths } from '../../../config/paths';
import { invalidateAdminData } from '../api/admin-keys';
import { ChangePasswordForm } from '../components/change-password-form';

/** The admin's own password, two-factor and sessions; where an admin who must enrol is sent after login. */
export function AdminSecurityPage() {
  const { t } = useTranslation('security');
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const enrolling = searchParams.get('enrol') === '1';

  useEffect(() => {
    document.title = t('adminTitle');
  }, [t]);

  return (
    <div className="admin-page">
      <h1 className="admin-page__title">{t('adminTitle')}</h1>
      {enrolling && (
        <p className="notice" role="status">
          {t('enrolRequired')}
        </p>
      )}
      <Card as="section">
        <TwoFactorPanel
          onEnabled={() => {
            void invalidateAdminData(queryClient);
            if (enrolling) void navigate(`${paths.adminSecurity}`, { replace: true });
          }}
        />
      </Card>
      <Card>
        <ChangePasswordForm />
      </Card>
      <Card as="section">
        <SessionsPanel />
      </Card>
    </div>
  );
}
