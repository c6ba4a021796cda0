import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { searchTerm } from './search-term';

describe('searchTerm', () => {
  const inFrench = i18next.createInstance();
  void inFrench.init({
    lng: 'fr',
    initAsync: false,
    resources: {
      fr: {
        investor: { transactions: { status: { pending: 'En attente', confirmed: 'Confirmé' } } },
        funds: { coins: { bitcoin: 'Bitcoin' } },
      },
    },
  });
  const t = inFrench.getFixedT('fr', ['investor', 'funds']);

  it('sends a status or coin named in the reader’s language as its code', () => {
    expect(searchTerm('en attente', t, 'fr')).toBe('pending');
    expect(searchTerm(' Confir', t, 'fr')).toBe('confirmed');
    expect(searchTerm('bitcoin', t, 'fr')).toBe('bitcoin');
  });

  it('sends anything else as typed, and short fragments unchanged', () => {
    expect(searchTerm('Retour', t, 'fr')).toBe('Retour');
    expect(searchTerm('en', t, 'fr')).toBe('en');
    expect(searchTerm('   ', t, 'fr')).toBe('');
  });
});
