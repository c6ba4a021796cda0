import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { paths } from '../../../config/paths';
import { builtInContact, useSiteName } from '../../../lib/operator-config/operator-config-deferred';
import { useOperatorConfig } from '../../../lib/operator-config/use-operator-config';
import { TeamSection } from '../components/team-section';
import './about-page.css';
import { useDocumentTitle } from '../../../lib/hooks/document-title';

const KNOWLEDGE = ['mining', 'risk', 'wallets'] as const;
const UPGRADE_POINTS = ['ledger', 'offline', 'languages'] as const;

export function AboutPage() {
  const { t } = useTranslation('about');
  useDocumentTitle(t('title'));
  const { config } = useOperatorConfig();
  // The name and address built in are there from the first paint (and in the HTML), so nothing moves when the
  // operator's config arrives.
  const siteName = useSiteName(t('common:siteNameFallback'));
  const supportEmail = config?.supportEmail ?? builtInContact.supportEmail;

  return (
    <div className="about-page">
      <section className="about-banner">
        <div className="container">
          <p className="about-banner__eyebrow">{t('banner.eyebrow')}</p>
          <h1 className="about-banner__title">{t('title')}</h1>
          <p className="about-banner__lead">{t('banner.lead', { siteName })}</p>
        </div>
      </section>

      <section className="container about-section about-story" aria-labelledby="about-story-title">
        <div>
          <h2 id="about-story-title">{t('story.title')}</h2>
          <p>{t('story.body1')}</p>
          <p>{t('story.body2')}</p>
          <ButtonLink to={paths.signUp} size="lg">
            {t('story.getStarted')}
          </ButtonLink>
        </div>
        <img
          className="about-story__art"
          src="/portfolio/summit-capital.svg"
          alt=""
          width={640}
          height={480}
          loading="lazy"
        />
      </section>

      <section className="about-band" aria-labelledby="about-knowledge-title">
        <div className="container about-section">
          <h2 id="about-knowledge-title">{t('knowledge.title')}</h2>
          <p className="about-section__lead">{t('knowledge.lead')}</p>
          <ul className="about-knowledge" role="list">
            {KNOWLEDGE.map((item) => (
              <Card
                as="li"
                key={item}
                className={
                  item === 'risk' ? 'about-knowledge__item about-knowledge__item--risk' : 'about-knowledge__item'
                }
              >
                <h3>{t(`knowledge.items.${item}.title`)}</h3>
                <p>{t(`knowledge.items.${item}.body`)}</p>
              </Card>
            ))}
          </ul>
        </div>
      </section>

      <section className="container about-section about-upgrade" aria-labelledby="about-upgrade-title">
        <h2 id="about-upgrade-title">{t('upgrade.title')}</h2>
        <p>{t('upgrade.body')}</p>
        <ul className="about-upgrade__points" role="list">
          {UPGRADE_POINTS.map((point) => (
            <li key={point}>{t(`upgrade.points.${point}`)}</li>
          ))}
        </ul>
      </section>

      <TeamSection team={config?.team} />

      <section className="container about-section" aria-labelledby="about-consult-title">
        <div className="about-consult">
          <div>
            <h2 id="about-consult-title">{t('consult.title')}</h2>
            <p>{t('consult.body')}</p>
            {supportEmail && (
              <p>
                {t('consult.emailLabel')}{' '}
                <a className="about-consult__email" href={`mailto:${supportEmail}`} dir="ltr">
                  {supportEmail}
                </a>
              </p>
            )}
          </div>
          <ButtonLink to={paths.signUp} size="lg" variant="secondary">
            {t('consult.getStarted')}
          </ButtonLink>
        </div>
      </section>
    </div>
  );
}
