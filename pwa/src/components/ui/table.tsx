import type { ReactNode } from 'react';
import './table.css';

export type TableColumn<Row> = {
  key: string;
  header: ReactNode;
  /** The label of each value when the table stacks on a narrow screen; defaults to the header when it is text. */
  label?: string;
  cell: (row: Row) => ReactNode;
  /** Right-aligns (inline-end) numeric columns. */
  numeric?: boolean;
  /** The value that matters most (an amount): first and large when rows are stacked. */
  primary?: boolean;
  /** A short word (a method, a coin) kept whole: a wide neighbour would otherwise squeeze it to "Ethere / um". */
  nowrap?: boolean;
};

type TableProps<Row> = {
  caption: ReactNode;
  columns: TableColumn<Row>[];
  rows: Row[];
  rowKey: (row: Row) => string;
  empty?: ReactNode;
  hideCaption?: boolean;
};

const cellClass = (column: { numeric?: boolean; primary?: boolean; nowrap?: boolean }) =>
  [column.numeric && 'table__numeric', column.primary && 'table__primary', column.nowrap && 'table__nowrap']
    .filter(Boolean)
    .join(' ') || undefined;

/**
 * A semantic table. Where its box is narrower than 40rem (a phone) each row becomes a stacked card of
 * "label: value" lines, the primary value first, so nothing needs sideways scrolling.
 */
export function Table<Row>({ caption, columns, rows, rowKey, empty, hideCaption }: TableProps<Row>) {
  return (
    <div className="table-wrap">
      <table className="table">
        <caption className={hideCaption ? 'visually-hidden' : 'table__caption'}>{caption}</caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column.key} scope="col" className={cellClass(column)}>
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 && empty ? (
            <tr className="table__empty-row">
              <td colSpan={columns.length} className="table__empty">
                {empty}
              </td>
            </tr>
          ) : (
            rows.map((row) => (
              <tr key={rowKey(row)}>
                {columns.map((column) => (
                  <td
                    key={column.key}
                    className={cellClass(column)}
                    data-label={column.label ?? (typeof column.header === 'string' ? column.header : undefined)}
                  >
                    {column.cell(row)}
                  </td>
                ))}
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}
