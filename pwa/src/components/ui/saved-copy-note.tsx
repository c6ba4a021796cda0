import { useTranslation } from 'react-i18next';
import { useFormat } from '../../lib/format';
import { useSavedCopyTime } from '../../lib/offline/personal-copy';

/** "Offline copy, as of <time>" above data that came from this device's saved copy; nothing when it is fresh. */
export function SavedCopyNote({ copyKey }: { copyKey: string }) {
  const { t } = useTranslation('common');
  const format = useFormat();
  const savedAt = useSavedCopyTime(copyKey);
  if (savedAt === null) return null;
  return (
    <p className="notice" role="status">
      {t('offline.copyAsOf', { time: format.dateTime(savedAt) })}
    </p>
  );
}
