import type { ReactNode } from 'react';
import './table.css';

export type TableColumn<Row> = {
  key: string;
  header: ReactNode;
  cell: (row: Row) => ReactNode;
  /** Right-aligns (inline-end) numeric columns. */
  numeric?: boolean;
};

type TableProps<Row> = {
  caption: ReactNode;
  columns: TableColumn<Row>[];
  rows: Row[];
  rowKey: (row: Row) => string;
  empty?: ReactNode;
  hideCaption?: boolean;
};

/** A semantic table that scrolls sideways inside its own box on narrow screens. */
export function Table<Row>({ caption, columns, rows, rowKey, empty, hideCaption }: TableProps<Row>) {
  return (
    <div className="table-wrap" role="region" aria-label={typeof caption === 'string' ? caption : undefined} tabIndex={0}>
      <table className="table">
        <caption className={hideCaption ? 'visually-hidden' : 'table__caption'}>{caption}</caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column.key} scope="col" className={column.numeric ? 'table__numeric' : undefined}>{column.header}</th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 && empty ? (
            <tr><td colSpan={columns.length} className="table__empty">{empty}</td></tr>
          ) : (
            rows.map((row) => (
              <tr key={rowKey(row)}>
                {columns.map((column) => (
                  <td key={column.key} className={column.numeric ? 'table__numeric' : undefined}>{column.cell(row)}</td>
                ))}
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}
