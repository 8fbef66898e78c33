/**
 * The page numbers a pager shows: the first, the last, and the current one with its
 * neighbours, in order, with a 'gap' wherever pages are skipped (shown as an ellipsis).
 */
export function pageWindow(page: number, totalPages: number): (number | 'gap')[] {
  const pages = new Set(
    [1, totalPages, page - 1, page, page + 1].filter((p) => p >= 1 && p <= totalPages),
  );
  const sorted = [...pages].sort((a, b) => a - b);
  return sorted.flatMap((p, i) => (i > 0 && p - sorted[i - 1]! > 1 ? ['gap' as const, p] : [p]));
}

/** What either pager takes: the page shown, how many there are, and where a click goes. */
export interface PagerProps {
  page: number;
  totalPages: number;
  onPage: (page: number) => void;
}
