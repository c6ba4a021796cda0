import { lazy, Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { HeroSection } from '../components/hero-section';
import '../home.css';

// The first screen is the hero; the sections below it (market data, plans, FAQ: TanStack's queries and ky) load
// after the first render, off the landing's first load.
const LandingSections = lazy(() =>
  import('../components/landing-sections').then((module) => ({ default: module.LandingSections })),
);

/** The landing page (the footer comes from the layout). */
export function HomePage() {
  const { t } = useTranslation('home');
  useEffect(() => {
    document.title = t('pageTitle');
  }, [t]);
  return (
    <>
      <HeroSection />
      <Suspense fallback={<LandingSectionsPlaceholder />}>
        <LandingSections />
      </Suspense>
    </>
  );
}

/** The ticker's empty strip, as before its prices arrive, and a screen's height that keeps the footer below the fold. */
function LandingSectionsPlaceholder() {
  return (
    <>
      <div className="ticker ticker--empty" aria-hidden="true" />
      <div className="home-below-fold" aria-hidden="true" />
    </>
  );
}
