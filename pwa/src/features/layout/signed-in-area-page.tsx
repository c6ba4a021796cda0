import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../components/ui/button';
import { paths } from '../../config/paths';

/** Stands in for the investor and admin screens until their issues land. */
export function SignedInAreaPage() {
  const { t } = useTranslation('common');
  return (
    <section className="container simple-page">
      <h1>{t('signedInArea.title')}</h1>
      <p>{t('signedInArea.text')}</p>
      <div className="simple-page__actions">
        <ButtonLink to={paths.signIn}>{t('signedInArea.signIn')}</ButtonLink>
        <ButtonLink to={paths.adminLogin} variant="secondary">{t('signedInArea.adminSignIn')}</ButtonLink>
      </div>
    </section>
  );
}
