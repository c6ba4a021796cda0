/** Page buttons to show: all of them when few, else the first, the last and the current one's neighbours. */
export function pageNumbers(current: number, totalPages: number): Array<number | 'gap'> {
  if (totalPages <= 7) return Array.from({ length: totalPages }, (_, index) => index + 1);
  const shown = new Set(
    [1, totalPages, current - 1, current, current + 1].filter((page) => page >= 1 && page <= totalPages),
  );
  const sorted = [...shown].sort((a, b) => a - b);
  return sorted.flatMap((page, index) =>
    index > 0 && page - sorted[index - 1]! > 1 ? ['gap' as const, page] : [page],
  );
}
