/**
 * The end of a paged list (issue 19): a "Load more" button, and an IntersectionObserver that presses it
 * when the end of the list comes near the screen (infinite scroll). The button stays for keyboards, for
 * browsers without the observer and for screen readers; nothing shows once every page is loaded.
 */
import { useEffect, useRef } from "react";
import "./load-more.css";

/** How far below the screen the end of the list starts the next page. */
const PRELOAD_MARGIN = "600px 0px";

export function LoadMore({
  hasMore,
  loading,
  onLoad,
  noun,
  shown,
}: {
  hasMore: boolean;
  loading: boolean;
  onLoad: () => void;
  /** What the list holds, plural: "profiles" makes "Showing 24 profiles" and "Load more profiles". */
  noun: string;
  /** How many items are shown. */
  shown: number;
}) {
  const sentinel = useRef<HTMLDivElement>(null);
  const load = useRef(onLoad);
  load.current = onLoad;
  const busy = useRef(loading);
  busy.current = loading;

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new page (shown) is the reason to observe again
  useEffect(() => {
    const element = sentinel.current;
    if (!hasMore || !element || typeof IntersectionObserver === "undefined") return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting) && !busy.current) load.current();
      },
      { rootMargin: PRELOAD_MARGIN },
    );
    observer.observe(element);
    // A new page moves the end down: observing again asks whether it is still near the screen.
    return () => observer.disconnect();
  }, [hasMore, shown]);

  if (!hasMore) return null;
  return (
    <div className="load-more" ref={sentinel}>
      <span className="muted load-more-count" aria-live="polite">
        Showing {shown} {noun}
      </span>
      <button type="button" className="button secondary" disabled={loading} onClick={() => onLoad()}>
        {loading ? "Loading…" : `Load more ${noun}`}
      </button>
    </div>
  );
}
