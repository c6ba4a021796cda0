import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderPage } from '../../../test/render-page';
import type { TransactionRow } from '../api/transactions-query';
import { TransactionsTable } from './transactions-table';

const deposit = (id: string, held: TransactionRow['held']): TransactionRow => ({
  id,
  date: '2026-03-01T10:00:00.000Z',
  type: 'Deposit',
  via: 'bitcoin',
  status: 'confirmed',
  amount: 50,
  held,
});

describe('the history marks a deposit whose money is held (issue 37)', () => {
  it('says why next to Confirmed and links to My Assets; a deposit not held has no marker', () => {
    renderPage(
      <TransactionsTable
        caption="Deposit transactions"
        empty="You have no deposits yet."
        rows={[deposit('1', 'kyc_limit'), deposit('2', 'sanctions'), deposit('3', null)]}
      />,
    );
    const [identity, review, free] = within(screen.getByRole('table')).getAllByRole('row').slice(1);
    expect(within(identity!).getByText('Confirmed')).toBeInTheDocument();
    expect(within(identity!).getByRole('link', { name: 'Held: identity check needed' })).toHaveAttribute(
      'href',
      '/asset',
    );
    expect(within(review!).getByRole('link', { name: 'Held: under review' })).toHaveAttribute('href', '/asset');
    expect(within(free!).getByText('Confirmed')).toBeInTheDocument();
    expect(within(free!).queryByText(/^Held/)).toBeNull();
  });
});
