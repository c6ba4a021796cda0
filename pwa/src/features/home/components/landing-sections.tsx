import { useQueryClient } from '@tanstack/react-query';
import { Suspense, useEffect, type ReactNode } from 'react';
import { HydrateWhenVisible } from '../../../lib/hydrate-when-visible';
import { QueryProvider } from '../../../lib/query-provider';
import { plansQuery } from '../api/get-plans';
import { AboutBlock } from './about-block';
import { CoreFeatures } from './core-features';
import { FaqSection } from './faq-section';
import { MarketNoticeScope } from './market-notice-scope';
import { MarketTicker, MarketTreemap } from './market-sections';
import { PlansSection } from './plans-section';
import { ServicesSection } from './services-section';
import { SoleFocus } from './sole-focus';

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
 * Everything below the hero, top to bottom as the spec lists it: one chunk with the query cache, loaded after the
 * first render. Its market sections share one "not live" notice (the hero has none).
 */
export function LandingSections() {
  return (
    <QueryProvider>
      <MarketNoticeScope>
        <MarketTicker />
        <PrefetchPlans />
        {sectionsBelowTicker}
      </MarketNoticeScope>
    </QueryProvider>
  );
}

/** Fetches the plans with the prices, before their section hydrates: the visit keeps its offline copy of both. */
function PrefetchPlans() {
  const client = useQueryClient();
  useEffect(() => {
    void client.prefetchQuery(plansQuery());
  }, [client]);
  return null;
}
