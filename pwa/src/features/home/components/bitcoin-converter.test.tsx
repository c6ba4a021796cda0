import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { PriceCurrency } from '../../../../../api/contracts/market';
import { i18n } from '../../../lib/i18n/i18n';
import { renderWithQuery } from '../../../test/render-page';
import type { BitcoinPriceFetcher } from '../api/get-bitcoin-price';
import { BitcoinConverter } from './bitcoin-converter';

const prices: Partial<Record<PriceCurrency, number>> = { usd: 87250, eur: 80270.5, jpy: 13192200 };
const asOf = '2026-01-01T00:00:00.000Z';

function fakePrices(live = true): BitcoinPriceFetcher {
  return vi.fn(async (currency: PriceCurrency) => ({
    data: {
      currency,
      price: prices[currency] ?? 1,
      asOf,
      live,
      source: live ? ('live' as const) : ('snapshot' as const),
    },
    savedAt: Date.parse(asOf),
    fromDevice: false,
  }));
}

const renderConverter = (fetchPrice: BitcoinPriceFetcher) =>
  renderWithQuery(<BitcoinConverter fetchPrice={fetchPrice} />);

describe('BitcoinConverter', () => {
  it('starts with 1 BTC in US dollars', async () => {
    const fetchPrice = fakePrices();
    renderConverter(fetchPrice);
    expect(await screen.findByText('1 BTC = $87,250.00', { selector: 'output' })).toBeInTheDocument();
    expect(fetchPrice).toHaveBeenCalledWith('usd');
    expect(screen.getByLabelText('Currency')).toHaveValue('usd');
    expect(screen.getByLabelText('Amount in Bitcoin (BTC)')).toHaveValue('1');
  });

  it('offers exactly the spec’s 15 currencies', () => {
    renderConverter(fakePrices());
    const options = [...(screen.getByLabelText('Currency') as HTMLSelectElement).options].map((option) => option.value);
    expect(options).toEqual([
      'usd',
      'eur',
      'gbp',
      'aud',
      'cad',
      'jpy',
      'chf',
      'cny',
      'hkd',
      'sek',
      'krw',
      'inr',
      'nzd',
      'sgd',
      'brl',
    ]);
  });

  it('recomputes from the chosen currency’s price and the amount', async () => {
    const fetchPrice = fakePrices();
    renderConverter(fetchPrice);
    await screen.findByText('1 BTC = $87,250.00', { selector: 'output' });
    fireEvent.change(screen.getByLabelText('Currency'), { target: { value: 'eur' } });
    fireEvent.change(screen.getByLabelText('Amount in Bitcoin (BTC)'), { target: { value: '2.5' } });
    // 2.5 × 80,270.50 = 200,676.25
    expect(await screen.findByText('2.5 BTC = €200,676.25', { selector: 'output' })).toBeInTheDocument();
    expect(fetchPrice).toHaveBeenLastCalledWith('eur');
    fireEvent.change(screen.getByLabelText('Currency'), { target: { value: 'jpy' } });
    expect(await screen.findByText('2.5 BTC = ¥32,980,500', { selector: 'output' })).toBeInTheDocument();
  });

  it('formats for the chosen language', async () => {
    await i18n.changeLanguage('de');
    try {
      renderConverter(fakePrices());
      expect(await screen.findByText(/^1 BTC = 87\.250,00\s\$$/, { selector: 'output' })).toBeInTheDocument();
    } finally {
      await i18n.changeLanguage('en');
    }
  });

  it('flags an amount that is not a number instead of computing', async () => {
    renderConverter(fakePrices());
    await screen.findByText('1 BTC = $87,250.00', { selector: 'output' });
    fireEvent.change(screen.getByLabelText('Amount in Bitcoin (BTC)'), { target: { value: 'abc' } });
    expect(screen.getByText('Enter an amount of zero or more.')).toBeInTheDocument();
    expect(screen.getByLabelText('Amount in Bitcoin (BTC)')).toHaveAttribute('aria-invalid', 'true');
    expect(document.querySelector('output')).toHaveTextContent('');
  });

  it('says when the price is sample data rather than live', async () => {
    renderConverter(fakePrices(false));
    expect(await screen.findByText(/Sample prices for illustration/)).toBeInTheDocument();
  });
});
