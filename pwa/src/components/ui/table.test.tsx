import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Table, type TableColumn } from './table';

type Row = { id: string; amount: string; status: string };
const columns: TableColumn<Row>[] = [
  { key: 'status', header: 'Status', cell: (row) => row.status },
  {
    key: 'amount',
    header: <span>Amount</span>,
    label: 'Amount',
    numeric: true,
    primary: true,
    cell: (row) => row.amount,
  },
];

describe('Table', () => {
  it('gives every cell its column label, for the stacked rows of a phone, and marks the primary value', () => {
    render(
      <Table
        caption="Withdrawals"
        columns={columns}
        rows={[{ id: 'a', amount: '$10.00', status: 'Pending' }]}
        rowKey={(row) => row.id}
      />,
    );
    const [status, amount] = within(screen.getAllByRole('row')[1]!).getAllByRole('cell');
    expect(status).toHaveAttribute('data-label', 'Status');
    expect(amount).toHaveAttribute('data-label', 'Amount');
    expect(amount).toHaveClass('table__primary', 'table__numeric');
    expect(status).not.toHaveClass('table__primary');
  });

  it('is not a sideways scroller of its own: narrow boxes stack rows instead', () => {
    const { container } = render(
      <Table caption="Empty" columns={columns} rows={[]} rowKey={(row) => row.id} empty="Nothing yet" />,
    );
    expect(container.querySelector('.table-wrap')).not.toHaveAttribute('tabindex');
    expect(screen.getByText('Nothing yet')).toHaveClass('table__empty');
  });
});
