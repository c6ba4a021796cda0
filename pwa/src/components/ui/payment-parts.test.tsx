import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { QuotePaymentPart } from '../../../../api/contracts/deposit-quotes';
import { PaymentParts } from './payment-parts';

const lines = (parts: QuotePaymentPart[]) => {
  render(<PaymentParts parts={parts} unit="ETH" />);
  const list = screen.getByRole('list', { name: 'How this amount is priced' });
  return within(list)
    .getAllByRole('listitem')
    .map((item) => item.textContent);
};

describe('PaymentParts', () => {
  it('splits an overpayment into the coins at the quote and the rest at the rate when it arrived', () => {
    expect(
      lines([
        { basis: 'quote', coinAmount: '0.025', rate: '2000', amount: 50 },
        { basis: 'arrival', coinAmount: '0.975', rate: '1000', amount: 975 },
      ]),
    ).toEqual([
      '0.025 ETH at the quoted $2,000.00 = $50.00',
      '0.975 ETH at $1,000.00, the rate when it arrived = $975.00',
    ]);
  });

  it('says the extra coins kept the quoted rate when the market was higher', () => {
    expect(
      lines([
        { basis: 'quote', coinAmount: '0.025', rate: '2000', amount: 50 },
        { basis: 'quote-cap', coinAmount: '0.1', rate: '2000', amount: 200 },
      ]),
    ).toEqual([
      '0.025 ETH at the quoted $2,000.00 = $50.00',
      '0.1 ETH at the quoted $2,000.00 (the market was higher) = $200.00',
    ]);
  });

  it('says coins with no market price yet are priced once there is one', () => {
    expect(
      lines([
        { basis: 'quote', coinAmount: '0.025', rate: '2000', amount: 50 },
        { basis: 'arrival', coinAmount: '0.025', rate: null, amount: null },
      ]),
    ).toEqual([
      '0.025 ETH at the quoted $2,000.00 = $50.00',
      '0.025 ETH: priced at the market rate once one is available',
    ]);
  });

  it('explains a single part priced apart from the quote, such as a late payment', () => {
    expect(lines([{ basis: 'arrival', coinAmount: '0.5', rate: '1000', amount: 500 }])).toEqual([
      '0.5 ETH at $1,000.00, the rate when it arrived = $500.00',
    ]);
  });

  it('adds nothing to a payment wholly at its quote', () => {
    const { container } = render(
      <PaymentParts parts={[{ basis: 'quote', coinAmount: '0.025', rate: '2000', amount: 50 }]} unit="ETH" />,
    );
    expect(container).toBeEmptyDOMElement();
  });
});
