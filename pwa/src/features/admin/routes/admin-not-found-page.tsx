import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../../components/ui/button';
import { paths } from '../../../config/paths';

/** An unknown /admin/… address, inside the shell so the menu stays at hand. */
export function AdminNotFoundPage() {
  const { t } = useTranslation('admin');
  return (
    <div className="admin-page">
      <h1 className="admin-page__title">{t('notFound.title')}</h1>
      <p>{t('notFound.text')}</p>
      <div>
        <ButtonLink to={paths.adminDashboardOverview}>{t('notFound.back')}</ButtonLink>
      </div>
    </div>
  );
}
