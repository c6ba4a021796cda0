import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { Button } from '../../../components/ui/button';
import { SessionsPanel } from '../../../lib/account-security/sessions-panel';
import { TwoFactorPanel } from '../../../lib/account-security/two-factor-panel';
import { Spinner } from '../../../components/ui/spinner';
import { Tabs } from '../../../components/ui/tabs';
import { ApiError } from '../../../lib/api-client';
import { useProfile } from '../../../lib/queries/investor';
import { PROFILE_COPY } from '../../../lib/offline/copy-keys';
import { useOnline } from '../../../lib/hooks/use-online';
import { SavedCopyNote } from '../../../components/ui/saved-copy-note';
import { NotificationPreferences } from '../components/notification-preferences';
import { PasswordSecurityForm } from '../components/password-security-form';
import { ProfileSettingsForm } from '../components/profile-settings-form';
import { WithdrawerDetailsForm } from '../components/withdrawer-details-form';
import { PrivacySection } from '../components/privacy-section';
import { IdentityLink } from '../components/identity-link';
import { TermsSection } from '../../../lib/terms/terms-section';
import '../profile.css';

type ProfileTab = 'profile' | 'withdrawer' | 'security';
const profileTabs: readonly string[] = ['profile', 'withdrawer', 'security'];

/** User Profile: three tabs over GET /api/user; each tab saves only its own fields. */
export function UserProfilePage() {
  const { t } = useTranslation('investor');
  const online = useOnline();
  const profile = useProfile();
  // The tab lives in the URL (?tab=withdrawer), so links, reloads and Back keep it.
  const [searchParams, setSearchParams] = useSearchParams();
  const requested = searchParams.get('tab') ?? '';
  const tab = (profileTabs.includes(requested) ? requested : 'profile') as ProfileTab;
  const setTab = (next: ProfileTab) => setSearchParams(next === 'profile' ? {} : { tab: next }, { replace: true });
  const offline = !online || (profile.error instanceof ApiError && profile.error.status === 0);

  let content;
  if (profile.data) {
    const data = profile.data;
    content = (
      <Tabs
        label={t('profile.tabsLabel')}
        selectedId={tab}
        onSelect={(id) => setTab(id as ProfileTab)}
        items={[
          { id: 'profile', label: t('profile.tabs.profile'), content: <ProfileSettingsForm profile={data} /> },
          { id: 'withdrawer', label: t('profile.tabs.withdrawer'), content: <WithdrawerDetailsForm profile={data} /> },
          {
            id: 'security',
            label: t('profile.tabs.security'),
            content: (
              <div className="profile-security">
                <PasswordSecurityForm email={data.email} />
                <TwoFactorPanel />
                <SessionsPanel />
                <NotificationPreferences />
                <PrivacySection />
                <Suspense fallback={null}>
                  <TermsSection />
                </Suspense>
              </div>
            ),
          },
        ]}
      />
    );
  } else if (profile.isError || offline) {
    content = (
      <div className="investor-state" role="alert">
        <p>{offline ? t('common.offline') : t('common.loadFailed')}</p>
        <Button variant="secondary" onClick={() => void profile.refetch()}>
          {t('common.retry')}
        </Button>
      </div>
    );
  } else {
    content = <Spinner label={t('common.loading')} />;
  }

  return (
    <div className="investor-page">
      <h1 className="investor-page__title">{t('profile.title')}</h1>
      <SavedCopyNote copyKey={PROFILE_COPY} />
      <IdentityLink />
      {content}
    </div>
  );
}
