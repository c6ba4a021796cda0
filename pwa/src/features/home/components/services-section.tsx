import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { paths } from '../../../config/paths';
import { PillarIcon } from './pillar-icons';
import { TrustedBy } from './trusted-by';

const services = [
  { icon: 'management', title: 'services.assetManagementTitle', text: 'services.assetManagementText' },
  { icon: 'strategy', title: 'services.smartStrategyTitle', text: 'services.smartStrategyText' },
  { icon: 'insurance', title: 'services.assetInsuranceTitle', text: 'services.assetInsuranceText' },
] as const;

export function ServicesSection() {
  const { t } = useTranslation('home');
  return (
    <section className="section" aria-labelledby="services-title">
      <div className="container">
        <h2 id="services-title">{t('services.title')}</h2>
        <ul className="home-grid home-grid--3">
          {services.map((service) => (
            <Card as="li" key={service.icon}>
              <PillarIcon name={service.icon} />
              <h3>{t(service.title)}</h3>
              <p>{t(service.text)}</p>
            </Card>
          ))}
        </ul>
        <p className="home-more">
          <ButtonLink to={paths.services} variant="secondary">
            {t('services.more')}
          </ButtonLink>
        </p>
        <TrustedBy />
      </div>
    </section>
  );
}
