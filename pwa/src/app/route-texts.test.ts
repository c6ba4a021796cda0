import { describe, expect, it } from 'vitest';
import { routeTexts } from './router';

// main.tsx fetches these beside the common texts at start-up, so a first visit makes one round of text requests,
// not one per component that asks.
describe('routeTexts', () => {
  it('names the texts a page and its layout read on their first render', () => {
    expect(routeTexts('/')).toEqual(['home']);
    expect(routeTexts('/sign-in')).toEqual(['auth', 'security']);
    expect(routeTexts('/sign-up')).toEqual(['auth']);
    expect(routeTexts('/dashboard')).toEqual(['investor']);
    expect(routeTexts('/trading-plans')).toEqual(['investor', 'funds']);
  });

  it('names nothing beyond the common texts for a page without its own', () => {
    expect(routeTexts('/no-such-page')).toEqual([]);
  });
});
