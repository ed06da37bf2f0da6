/**
 * The pieces every admin tab's list is made of: the list of card rows (or its empty text), a row's state
 * badge, and the toggle that undoes the state (Archive/Restore, Hide/Show).
 */
import type { ReactNode } from "react";
import "./admin.css";

export function AdminList<T extends { _id: string }>({
  items,
  empty,
  rowTestId,
  rowClassName,
  children,
}: {
  items: readonly T[];
  /** Shown instead of an empty list, e.g. "No posts yet." */
  empty: string;
  rowTestId: string;
  /** An extra class for a row, e.g. "crossed-out". */
  rowClassName?: (item: T) => string | undefined;
  /** The row's content (main text and actions). */
  children: (item: T) => ReactNode;
}) {
  if (items.length === 0) return <p className="empty-state">{empty}</p>;
  return (
    <ul className="admin-list">
      {items.map((item) => {
        const extra = rowClassName?.(item);
        return (
          <li key={item._id} className={extra ? `card admin-row ${extra}` : "card admin-row"} data-testid={rowTestId}>
            {children(item)}
          </li>
        );
      })}
    </ul>
  );
}

/** "Active" in green, or the state that took it off the public pages ("Archived", "Hidden") in red. */
export function StateBadge({ ok, children, testId }: { ok: boolean; children: ReactNode; testId?: string }) {
  return (
    <span className={ok ? "badge badge-active" : "badge badge-cancelled"} data-testid={testId}>
      {children}
    </span>
  );
}

/**
 * The row's one moderation action: `labels[0]` (Archive, Hide) while the item is public, `labels[1]` (Restore,
 * Show) once it is not; the restoring one stands out. Its accessible name adds what it acts on.
 */
export function ToggleButton({
  off,
  labels,
  target,
  busy,
  onClick,
}: {
  /** The item is archived or hidden. */
  off: boolean;
  labels: readonly [string, string];
  target: string;
  busy: boolean;
  onClick: () => void;
}) {
  const label = off ? labels[1] : labels[0];
  return (
    <button
      type="button"
      className={off ? "button small" : "button small secondary"}
      disabled={busy}
      aria-label={`${label} ${target}`}
      onClick={onClick}
    >
      {label}
    </button>
  );
}
