import { useTranslation } from 'react-i18next';

/** pending / confirmed / rejected / paid, as a coloured label with its text (colour is never the only cue). */
export function StatusBadge({ status }: { status: string }) {
  const { t } = useTranslation('admin');
  return (
    <span className={`admin-badge admin-badge--${status}`}>{t(`status.${status}`, { defaultValue: status })}</span>
  );
}
