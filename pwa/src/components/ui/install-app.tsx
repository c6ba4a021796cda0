import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { installIsOffered, promptInstall, subscribeToInstallOffer } from '../../lib/install-and-update/install-prompt';
import { isIosSafariBrowser } from '../../lib/install-and-update/ios-safari';
import { Button } from './button';

/** An Install button where the browser offers installation; on iOS Safari, how to add the app by hand. */
export function InstallApp() {
  const { t } = useTranslation('common');
  const canInstall = useSyncExternalStore(subscribeToInstallOffer, installIsOffered, () => false);
  if (canInstall)
    return (
      <Button variant="secondary" size="sm" onClick={() => void promptInstall()}>
        {t('pwa.install')}
      </Button>
    );
  if (typeof navigator !== 'undefined' && isIosSafariBrowser())
    return <p className="install-hint">{t('pwa.iosHint')}</p>;
  return null;
}
