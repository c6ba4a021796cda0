import { QueryProvider } from '../../../lib/query-provider';
import { AboutBlock } from './about-block';
import { CoreFeatures } from './core-features';
import { FaqSection } from './faq-section';
import { MarketTicker, MarketTreemap } from './market-sections';
import { PlansSection } from './plans-section';
import { ServicesSection } from './services-section';
import { SoleFocus } from './sole-focus';

/** Everything below the hero, top to bottom as the spec lists it: one chunk with the query cache, loaded after the first render. */
export function LandingSections() {
  return (
    <QueryProvider>
      <MarketTicker />
      <SoleFocus />
      <AboutBlock />
      <ServicesSection />
      <FaqSection />
      <PlansSection />
      <MarketTreemap />
      <CoreFeatures />
    </QueryProvider>
  );
}
