/** Previous / "Page x of y" / Next under a paged list (the explorer's spec §7 paging, and its archived copy). */
import "./pager.css";

export interface PageInfo {
  current: number;
  total: number;
  hasPrev: boolean;
  hasNext: boolean;
}

export function Pager({
  pagination,
  onPage,
  busy = false,
  label = "Pages",
  labelTestId,
}: {
  pagination: PageInfo;
  onPage: (page: number) => void;
  /** While the next page loads (placeholder data shown), Next waits so a double click skips nothing. */
  busy?: boolean;
  label?: string;
  labelTestId?: string;
}) {
  if (pagination.total <= 1) return null;
  return (
    <nav className="pager" aria-label={label}>
      <button
        type="button"
        className="button secondary"
        disabled={!pagination.hasPrev}
        onClick={() => onPage(pagination.current - 1)}
      >
        Previous
      </button>
      <span data-testid={labelTestId}>
        Page {pagination.current} of {pagination.total}
      </span>
      <button
        type="button"
        className="button secondary"
        disabled={!pagination.hasNext || busy}
        onClick={() => onPage(pagination.current + 1)}
      >
        Next
      </button>
    </nav>
  );
}
