import { useTranslation } from 'react-i18next';
import { pageNumbers } from '../utils/page-numbers';

type PaginationProps = { page: number; totalPages: number; onPage: (page: number) => void };

/** Numbered page buttons; the current page is marked for assistive technology. */
export function Pagination({ page, totalPages, onPage }: PaginationProps) {
  const { t } = useTranslation('investor');
  if (totalPages <= 1) return null;
  return (
    <nav aria-label={t('transactions.pagination')} className="transactions-pagination">
      <ul>
        {pageNumbers(page, totalPages).map((item, index) => (
          <li key={item === 'gap' ? `gap-${index}` : item}>
            {item === 'gap' ? (
              <span aria-hidden="true">…</span>
            ) : (
              <button
                type="button"
                className="transactions-pagination__button"
                aria-label={t('transactions.pageButton', { page: item })}
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
