import { QueryProvider } from '../../../lib/query-provider';
import { AboutBlock } from './about-block';
import { CoreFeatures } from './core-features';
import { FaqSection } from './faq-section';
import { MarketNoticeScope } from './market-notice-scope';
import { MarketTicker, MarketTreemap } from './market-sections';
import { PlansSection } from './plans-section';
import { ServicesSection } from './services-section';
import { SoleFocus } from './sole-focus';

/**
 * Everything below the hero, top to bottom as the spec lists it: one chunk with the query cache, loaded after the
 * first render. Its market sections share one "not live" notice (the hero has none).
 */
export function LandingSections() {
  return (
    <QueryProvider>
      <MarketNoticeScope>
        <MarketTicker />
        <div className="home-sections">
          <SoleFocus />
          <AboutBlock />
          <ServicesSection />
          <FaqSection />
          <PlansSection />
          <MarketTreemap />
          <CoreFeatures />
        </div>
      </MarketNoticeScope>
    </QueryProvider>
  );
}
