/** How the admin orders a money list; each is one `sort` + `order` pair of the API. */
export const listOrders = ['newest', 'oldest', 'largest', 'smallest'] as const;
export type ListOrder = (typeof listOrders)[number];

const asQuery: Record<ListOrder, { sort: 'date' | 'amount'; order: 'desc' | 'asc' }> = {
  newest: { sort: 'date', order: 'desc' },
  oldest: { sort: 'date', order: 'asc' },
  largest: { sort: 'amount', order: 'desc' },
  smallest: { sort: 'amount', order: 'asc' },
};

/** The query parameters of one page of a status-filtered money list (receipts, withdrawals). */
export function listParams(status: string, page: number, pageSize: number, order: ListOrder) {
  const params: Record<string, string | number> = { page, pageSize, ...asQuery[order] };
  if (status !== 'all') params.status = status;
  return params;
}
