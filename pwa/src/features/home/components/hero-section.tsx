import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../../components/ui/button';
import { paths } from '../../../config/paths';
import { HeroCarousel } from './hero-carousel';
import './hero-section.css';

export function HeroSection() {
  const { t } = useTranslation('home');
  const slide = (number: 1 | 2) => ({
    id: `slide-${number}`,
    content: (
      <>
        <h2>{t(`hero.slide${number}Title`)}</h2>
        <p className="hero__text">{t(`hero.slide${number}Text`)}</p>
        <div className="home-actions">
          <ButtonLink to={paths.signIn} variant="secondary">
            {t('hero.signIn')}
          </ButtonLink>
          <ButtonLink to={paths.signUp} className="hero__register">
            {t('hero.register')}
          </ButtonLink>
        </div>
      </>
    ),
  });
  return (
    <section className="hero on-dark" aria-labelledby="hero-title">
      <div className="container hero__inner">
        <h1 id="hero-title" className="hero__title">
          {t('hero.title')}
        </h1>
        <HeroCarousel slides={[slide(1), slide(2)]} />
      </div>
    </section>
  );
}
