import { pageNumbers } from './page-numbers';
import './pagination.css';

type PaginationProps = {
  page: number;
  totalPages: number;
  onPage: (page: number) => void;
  /** The navigation's name, and each button's ("Page 3"), in the caller's words. */
  label: string;
  pageLabel: (page: number) => string;
};

/** Numbered page buttons; the current page is marked for assistive technology. */
export function Pagination({ page, totalPages, onPage, label, pageLabel }: PaginationProps) {
  if (totalPages <= 1) return null;
  return (
    <nav aria-label={label} className="pagination">
      <ul>
        {pageNumbers(page, totalPages).map((item, index) => (
          <li key={item === 'gap' ? `gap-${index}` : item}>
            {item === 'gap' ? (
              <span aria-hidden="true">…</span>
            ) : (
              <button
                type="button"
                className="pagination__button"
                aria-label={pageLabel(item)}
                aria-current={item === page ? 'page' : undefined}
                onClick={() => onPage(item)}
              >
                {item}
              </button>
            )}
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** Pages needed for `total` rows at `pageSize` a page (at least one). */
export const pageCount = (total: number, pageSize: number) => Math.max(1, Math.ceil(total / pageSize));
