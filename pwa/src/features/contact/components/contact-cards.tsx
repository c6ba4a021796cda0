import { useTranslation } from 'react-i18next';
import { Card } from '../../../components/ui/card';

export function ContactCards({ supportEmail, postalAddress }: { supportEmail?: string; postalAddress?: string }) {
  const { t } = useTranslation('contact');
  const loading = <p className="contact-card__muted">{t('cards.loading')}</p>;
  return (
    <div className="contact-cards">
      <Card className="contact-card">
        <span className="contact-card__icon" aria-hidden="true">
          <svg viewBox="0 0 24 24" width="28" height="28">
            <path
              d="M3 5h18v14H3z M3 6l9 7 9-7"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
              strokeLinejoin="round"
            />
          </svg>
        </span>
        <h2 className="contact-card__title">{t('cards.emailTitle')}</h2>
        <p className="contact-card__muted">{t('cards.emailBody')}</p>
        {supportEmail ? (
          <a className="contact-card__value" href={`mailto:${supportEmail}`} dir="ltr">
            {supportEmail}
          </a>
        ) : (
          loading
        )}
      </Card>
      <Card className="contact-card">
        <span className="contact-card__icon" aria-hidden="true">
          <svg viewBox="0 0 24 24" width="28" height="28">
            <path
              d="M12 22s7-7.2 7-12.5A7 7 0 0 0 5 9.5C5 14.8 12 22 12 22z"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
            />
            <circle cx="12" cy="9.5" r="2.5" fill="currentColor" />
          </svg>
        </span>
        <h2 className="contact-card__title">{t('cards.addressTitle')}</h2>
        <p className="contact-card__muted">{t('cards.addressBody')}</p>
        {postalAddress ? (
          <address className="contact-card__value" dir="auto">
            {postalAddress}
          </address>
        ) : (
          loading
        )}
      </Card>
    </div>
  );
}
