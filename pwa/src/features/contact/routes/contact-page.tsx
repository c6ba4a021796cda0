import { useTranslation } from 'react-i18next';
import { useOperatorConfig } from '../../../lib/operator-config/use-operator-config';
import { ContactCards } from '../components/contact-cards';
import { ContactForm } from '../components/contact-form';
import { OfficeMap } from '../components/office-map';
import './contact-page.css';
import { useDocumentTitle } from '../../../lib/hooks/document-title';

export function ContactPage() {
  const { t } = useTranslation('contact');
  useDocumentTitle(t('title'));
  const { config, isLoading } = useOperatorConfig();

  return (
    <div className="contact-page">
      <section className="contact-banner">
        <div className="container">
          <h1 className="contact-banner__title">{t('title')}</h1>
          <p className="contact-banner__lead">{t('lead')}</p>
        </div>
      </section>
      <div className="container contact-page__grid">
        <ContactForm />
        <ContactCards supportEmail={config?.supportEmail} postalAddress={config?.postalAddress} />
      </div>
      <section className="container contact-page__map" aria-labelledby="contact-map-title">
        <h2 id="contact-map-title">{t('map.title')}</h2>
        {!isLoading && <OfficeMap apiKey={config?.mapsApiKey} postalAddress={config?.postalAddress ?? ''} />}
      </section>
    </div>
  );
}
