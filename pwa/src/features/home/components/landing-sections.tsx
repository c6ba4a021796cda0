import { lazy, Suspense, useEffect, type ReactNode } from 'react';
import { HydrateWhenVisible } from '../../../lib/hydration/hydrate-when-visible';
import { servedAnswer } from '../../../lib/served-answers';
import { AboutBlock } from './about-block';
import { CoreFeatures } from './core-features';
import { FaqSection } from './faq-section';
import { MarketNoticeScope } from './market-notice-scope';
import { MarketTicker } from './market-ticker';
import { ServicesSection } from './services-section';
import { SoleFocus } from './sole-focus';

// The sections that ask the server bring the query cache with them, when they come near the screen.
const liveSections = () => import('./landing-live-sections');
const PlansSection = lazy(() => liveSections().then((module) => ({ default: module.QueriedPlansSection })));
const MarketTreemap = lazy(() => liveSections().then((module) => ({ default: module.QueriedMarketTreemap })));

/**
 * One section of a page rendered at build time that React hydrates only when it comes near the screen: hydrating
 * every section at load kept a phone's main thread busy for the whole landing while the visitor saw only its top.
 */
function hydratedNearScreen(name: string, section: ReactNode) {
  return (
    <Suspense fallback={null}>
      <HydrateWhenVisible name={name}>{section}</HydrateWhenVisible>
    </Suspense>
  );
}

// Built once: a re-render of LandingSections hands React these same elements, so a section still waiting to
// hydrate receives no update (an update would make React drop its HTML and render it anew, blank until then).
const sectionsBelowTicker = (
  <div className="home-sections">
    {hydratedNearScreen('sole-focus', <SoleFocus />)}
    {hydratedNearScreen('about', <AboutBlock />)}
    {hydratedNearScreen('services', <ServicesSection />)}
    {hydratedNearScreen('faq', <FaqSection />)}
    {hydratedNearScreen('plans', <PlansSection />)}
    {hydratedNearScreen('treemap', <MarketTreemap />)}
    {hydratedNearScreen('core-features', <CoreFeatures />)}
  </div>
);

/**
 * Everything below the hero, top to bottom as the spec lists it, loaded after the first render. Its market sections
 * share one "not live" notice (the hero has none).
 */
export function LandingSections() {
  useKeepPlansOffline();
  return (
    <MarketNoticeScope>
      <MarketTicker />
      {sectionsBelowTicker}
    </MarketNoticeScope>
  );
}

/**
 * A visit keeps an offline copy of the plans with the prices', whether or not the visitor scrolls to them: from the
 * page's own answers (main.tsx keeps those), else fetched before their section hydrates.
 */
function useKeepPlansOffline() {
  useEffect(() => {
    if (!servedAnswer('plans')) void liveSections().then((module) => module.prefetchPlans());
  }, []);
}
