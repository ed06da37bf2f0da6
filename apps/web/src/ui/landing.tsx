/**
 * Landing on one thing of a page from a link that names it (a notification's `/forum?post=12`): once it is on
 * the page it is scrolled into view, focused (a keyboard or screen reader goes on from there) and ringed, as
 * long as the address names it. Following the same link again lands again (the location's key). A thing that
 * is no longer there gets a notice saying so in its place, landed on the same way.
 */
import { type ReactNode, useEffect, useRef } from "react";
import { useLocation } from "react-router";
import "./landing.css";

/** An id from the address (`?post=12`): a whole number, else null (the link names nothing to land on). */
export function idParam(value: string | null): string | null {
  return value && /^[1-9][0-9]{0,17}$/.test(value) ? value : null;
}

/**
 * A ref for the element to land on, and its props: `landed` is whether the address names it (and it is shown).
 * The element is scrolled to and focused when it is first shown so, and again on each following of a link.
 */
export function useLanding<T extends HTMLElement>(landed: boolean) {
  const { key } = useLocation();
  const ref = useRef<T>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new location (key) is a new landing on the same thing
  useEffect(() => {
    const element = ref.current;
    if (!landed || !element) return;
    element.scrollIntoView({ block: "center" });
    element.focus({ preventScroll: true });
  }, [landed, key]);
  return {
    ref,
    props: landed ? { tabIndex: -1, "data-landed": "" } : {},
  };
}

/**
 * Looks for the thing a link named in a paged list, loading the next page until it is there (`found`) or the
 * list has no more (`gone`; or sooner, when `passed` tells from the items loaded that it cannot follow).
 */
export function useFindInPages({
  target,
  ids,
  passed = false,
  hasNextPage,
  isFetchingNextPage,
  isFetchNextPageError,
  fetchNextPage,
}: {
  target: string | null;
  /** The ids of the items loaded so far; undefined until the first page is there. */
  ids: string[] | undefined;
  passed?: boolean;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  isFetchNextPageError: boolean;
  fetchNextPage: () => Promise<unknown>;
}): { found: boolean; searching: boolean; gone: boolean } {
  const found = target !== null && ids?.includes(target) === true;
  const searching = target !== null && ids !== undefined && !found && !passed && hasNextPage;
  useEffect(() => {
    // A page that failed is not asked for again and again: its list says so, and Load more tries again.
    if (searching && !isFetchingNextPage && !isFetchNextPageError) void fetchNextPage();
  }, [searching, isFetchingNextPage, isFetchNextPageError, fetchNextPage]);
  return {
    found,
    searching,
    gone: target !== null && ids !== undefined && !found && !searching && !isFetchNextPageError,
  };
}

/** In place of a thing a link named that is no longer there: what happened, landed on like the thing itself. */
export function LandingNotice({ children }: { children: ReactNode }) {
  const { ref, props } = useLanding<HTMLParagraphElement>(true);
  return (
    <p ref={ref} className="landing-notice" role="status" data-testid="landing-notice" {...props}>
      {children}
    </p>
  );
}
