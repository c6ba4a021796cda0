import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { AboutBlock } from '../components/about-block';
import { CoreFeatures } from '../components/core-features';
import { FaqSection } from '../components/faq-section';
import { HeroSection } from '../components/hero-section';
import { MarketNoticeScope } from '../components/market-notice-scope';
import { MarketTicker, MarketTreemap } from '../components/market-sections';
import { PlansSection } from '../components/plans-section';
import { ServicesSection } from '../components/services-section';
import { SoleFocus } from '../components/sole-focus';
import '../home.css';

/** The landing page, top to bottom as the spec lists it (the footer comes from the layout). */
export function HomePage() {
  const { t } = useTranslation('home');
  useEffect(() => {
    document.title = t('pageTitle');
  }, [t]);
  return (
    <MarketNoticeScope>
      <HeroSection />
      <MarketTicker />
      <SoleFocus />
      <AboutBlock />
      <ServicesSection />
      <FaqSection />
      <PlansSection />
      <MarketTreemap />
      <CoreFeatures />
    </MarketNoticeScope>
  );
}
