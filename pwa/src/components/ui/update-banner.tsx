import { useTranslation } from 'react-i18next';
import { reloadIntoUpdate } from '../../lib/install-and-update/reload-into-update';
import { Button } from './button';
import './update-prompt.css';

export function UpdateBanner() {
  const { t } = useTranslation('common');
  return (
    <div className="update-prompt" role="status">
      <span>{t('pwa.updateAvailable')}</span>
      <Button size="sm" onClick={() => void reloadIntoUpdate()}>
        {t('pwa.reload')}
      </Button>
    </div>
  );
}
