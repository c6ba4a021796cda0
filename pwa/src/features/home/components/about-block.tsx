import { useTranslation } from 'react-i18next';
import { Accordion } from '../../../components/ui/accordion';
import { ButtonLink } from '../../../components/ui/button';
import { paths } from '../../../config/paths';

export function AboutBlock() {
  const { t } = useTranslation('home');
  return (
    <section className="section section--alt" aria-labelledby="about-title">
      <div className="container home-split">
        <div>
          <h2 id="about-title">{t('about.title')}</h2>
          <p>{t('about.text')}</p>
          <ButtonLink to={paths.aboutUs} variant="secondary">
            {t('about.more')}
          </ButtonLink>
        </div>
        <Accordion
          singleOpen={false}
          items={[
            { id: 'goals', title: t('about.goalsTitle'), content: <p>{t('about.goalsText')}</p> },
            { id: 'mission', title: t('about.missionTitle'), content: <p>{t('about.missionText')}</p> },
          ]}
        />
      </div>
    </section>
  );
}
