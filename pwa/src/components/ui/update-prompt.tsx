import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { reloadIntoUpdate, useUpdateAvailable } from '../../lib/app-update';
import { Button } from './button';
import './update-prompt.css';

/** "Update available, Reload": shown on every screen once a new version waits. */
export function UpdatePrompt() {
  const available = useUpdateAvailable();
  if (!available) return null;
  return <Suspense fallback={null}><UpdateBanner /></Suspense>;
}

function UpdateBanner() {
  const { t } = useTranslation('common');
  return (
    <div className="update-prompt" role="status">
      <span>{t('pwa.updateAvailable')}</span>
      <Button size="sm" onClick={() => void reloadIntoUpdate()}>{t('pwa.reload')}</Button>
    </div>
  );
}
