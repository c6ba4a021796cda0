import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { paths } from '../../../config/paths';
import { SERVICE_IDS, ServiceIcon } from '../components/service-icon';
import './services-page.css';
import { useDocumentTitle } from '../../../lib/hooks/document-title';

const CORE_FEATURES = ['noFee', 'dashboard', 'support', 'secure'] as const;

export function ServicesPage() {
  const { t } = useTranslation('services');
  useDocumentTitle(t('title'));
  return (
    <div className="services-page">
      <section className="services-banner">
        <div className="container">
          <h1 className="services-banner__title">{t('title')}</h1>
          <p className="services-banner__lead">{t('lead')}</p>
        </div>
      </section>
      <section className="container services-page__cards" aria-label={t('title')}>
        <ul className="services-grid" role="list">
          {SERVICE_IDS.map((id) => (
            <Card as="li" key={id} className="service-card">
              <span className="service-card__icon">
                <ServiceIcon id={id} />
              </span>
              <h2 className="service-card__title">{t(`cards.${id}.title`)}</h2>
              <p className="service-card__body">{t(`cards.${id}.body`)}</p>
            </Card>
          ))}
        </ul>
      </section>
      <section className="container services-core" aria-labelledby="services-core-title">
        <div className="services-core__panel">
          <div>
            <h2 id="services-core-title">{t('core.title')}</h2>
            <p className="services-core__lead">{t('core.lead')}</p>
            <ButtonLink to={paths.signUp} size="lg" variant="secondary">
              {t('core.getStarted')}
            </ButtonLink>
          </div>
          <div>
            <ul className="services-core__list" role="list">
              {CORE_FEATURES.map((feature) => (
                <li key={feature}>
                  <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
                    <path
                      d="M5 12.5l4.5 4.5L19 7.5"
                      fill="none"
                      stroke="currentColor"
                      strokeWidth="2.4"
                      strokeLinecap="round"
                      strokeLinejoin="round"
                    />
                  </svg>
                  {t(`core.items.${feature}`)}
                </li>
              ))}
            </ul>
            <p className="services-core__risk" role="note">
              {t('core.riskNotice')}
            </p>
          </div>
        </div>
      </section>
    </div>
  );
}
