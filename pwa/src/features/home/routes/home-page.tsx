import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { HydrateWhenVisible } from '../../../lib/hydration/hydrate-when-visible';
import { HeroSection } from '../components/hero-section';
import '../home.css';
import { useDocumentTitle } from '../../../lib/hooks/document-title';

// The first screen is the hero; the sections below it (market data, plans, FAQ: TanStack's queries and ky) load
// after the first render, off the landing's first load.
const LandingSections = lazy(() =>
  import('../components/landing-sections').then((module) => ({ default: module.LandingSections })),
);

/** The landing page (the footer comes from the layout). */
export function HomePage() {
  const { t } = useTranslation('home');
  useDocumentTitle(t('pageTitle'));
  return (
    <>
      <HeroSection />
      <Suspense fallback={<LandingSectionsPlaceholder />}>
        <HydrateWhenVisible name="landing-sections">
          <LandingSections />
        </HydrateWhenVisible>
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
