import { useTranslation } from 'react-i18next';
import { ExternalButtonLink } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { useDeferredOperatorConfig } from '../../../lib/operator-config/operator-config-deferred';
import { PillarIcon } from './pillar-icons';

const features = [
  { icon: 'dashboard', title: 'features.dashboardTitle', text: 'features.dashboardText' },
  { icon: 'referral', title: 'features.referralTitle', text: 'features.referralText' },
  { icon: 'offline', title: 'features.offlineTitle', text: 'features.offlineText' },
  { icon: 'languages', title: 'features.languagesTitle', text: 'features.languagesText' },
] as const;

/** The community and get-started buttons open the operator's messaging channel; without one they are not shown. */
export function CoreFeatures() {
  const { t } = useTranslation('home');
  const config = useDeferredOperatorConfig();
  const link = config?.messagingLink;
  return (
    <section className="section section--alt" aria-labelledby="features-title">
      <div className="container">
        <h2 id="features-title">{t('features.title')}</h2>
        <p className="home-intro">{t('features.intro')}</p>
        <ul className="home-grid home-grid--4">
          {features.map((feature) => (
            <Card as="li" key={feature.icon}>
              <PillarIcon name={feature.icon} />
              <h3>{t(feature.title)}</h3>
              <p>{t(feature.text)}</p>
            </Card>
          ))}
        </ul>
        {link && (
          <div className="home-actions">
            <ExternalButtonLink href={link}>{t('features.community')}</ExternalButtonLink>
            <ExternalButtonLink href={link} variant="secondary">
              {t('features.getStarted')}
            </ExternalButtonLink>
          </div>
        )}
      </div>
    </section>
  );
}
