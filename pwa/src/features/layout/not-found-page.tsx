import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../components/ui/button';
import { paths } from '../../config/paths';
import { useDocumentTitle } from '../../lib/hooks/document-title';

export function NotFoundPage() {
  const { t } = useTranslation('common');
  useDocumentTitle(t('notFound.title'));
  return (
    <section className="container simple-page">
      <p aria-hidden="true" className="simple-page__code">
        404
      </p>
      <h1>{t('notFound.title')}</h1>
      <p>{t('notFound.text')}</p>
      <div className="simple-page__actions">
        <ButtonLink to={paths.home}>{t('notFound.home')}</ButtonLink>
      </div>
    </section>
  );
}
