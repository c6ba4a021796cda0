import { useState } from 'react';
import type { ListOrder } from '../api/list-order';

/**
 * The page and sort of a filtered list: a new filter or sort starts again at page 1, since page 7 of
 * another list is not the same rows.
 */
export function useListPage(filter: string) {
  const [state, setState] = useState<{ filter: string; page: number; order: ListOrder }>({
    filter,
    page: 1,
    order: 'newest',
  });
  const current = state.filter === filter ? state : { filter, page: 1, order: state.order };
  return {
    page: current.page,
    order: current.order,
    setPage: (page: number) => setState({ ...current, page }),
    setOrder: (order: ListOrder) => setState({ filter, page: 1, order }),
  };
}
