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
  const prevOff = !pagination.hasPrev;
  const nextOff = !pagination.hasNext || busy;
  // aria-disabled, not disabled: a disabled button drops the focus, so Next pressed by keyboard onto the last
  // page (or while the page loads) left the focus on the page's body and Tab began again at the header.
  return (
    <nav className="pager" aria-label={label}>
      <button
        type="button"
        className="button secondary"
        aria-disabled={prevOff}
        onClick={() => !prevOff && onPage(pagination.current - 1)}
      >
        Previous
      </button>
      {/* Said when it changes: the list above changes with no other word to a screen reader. */}
      <span data-testid={labelTestId} aria-live="polite">
        Page {pagination.current} of {pagination.total}
      </span>
      <button
        type="button"
        className="button secondary"
        aria-disabled={nextOff}
        onClick={() => !nextOff && onPage(pagination.current + 1)}
      >
        Next
      </button>
    </nav>
  );
}
