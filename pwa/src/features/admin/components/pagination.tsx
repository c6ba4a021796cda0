import { useTranslation } from 'react-i18next';
import { pageNumbers } from '../utils/page-numbers';

type PaginationProps = { page: number; total: number; pageSize: number; onPage: (page: number) => void };

/** Numbered page buttons; the current page is marked for assistive technology. */
export function Pagination({ page, total, pageSize, onPage }: PaginationProps) {
  const { t } = useTranslation('admin');
  const totalPages = Math.max(1, Math.ceil(total / pageSize));
  if (totalPages <= 1) return null;
  return (
    <nav aria-label={t('pagination.label')} className="admin-pagination">
      <ul>
        {pageNumbers(page, totalPages).map((item, index) => (
          <li key={item === 'gap' ? `gap-${index}` : item}>
            {item === 'gap' ? (
              <span aria-hidden="true">…</span>
            ) : (
              <button
                type="button"
                className="admin-pagination__button"
                aria-label={t('pagination.page', { page: item })}
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
