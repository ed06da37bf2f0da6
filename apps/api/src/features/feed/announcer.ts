/**
 * New Feed posts reach open pages at the next whole span (FEED_ANNOUNCE_SECONDS, a minute), the span's posts in
 * one `feed.changed`, not the moment each is written. The live stream, and its replay that anyone may ask for,
 * is one ordered log of everyone's named actions (votes, comments, tips): a post announced between two votes
 * of one student named its author, whatever the list's rounding of `createdAt` to the minute hides. At the
 * span's end the event says no more than that rounding does; the public list holds the span's posts back until
 * then too (`listFeed`), or polling it would tell what the stream does not. Hiding and showing (the admin's) go
 * out at once.
 *
 * Spans are of the database's clock, which writes the posts' times and which every instance's list reads them
 * by (`listFeed`): a post is announced once its span has ended there, timed from its own time (how long after
 * it its span ends), so no instance's clock decides. By the instances' clocks, pages brought by the
 * announcement to an instance whose clock ran behind the announcing one's were answered without the post.
 *
 * Per instance: a post written on another instance is announced by that one. An instance that stops announces
 * what it holds as it closes; one that dies loses it, and pages see the post on their next read.
 */
import type { FastifyInstance } from "fastify";

export interface FeedAnnouncer {
  /** `writtenAt`: the post's time, by the database's clock. */
  announce(feedPostId: string, writtenAt: Date): void;
}

/** The end of the span of `everyMs` that `at` falls in. */
const spanEnd = (at: Date, everyMs: number) => (Math.floor(at.getTime() / everyMs) + 1) * everyMs;

export function createFeedAnnouncer(app: FastifyInstance, everyMs: number): FeedAnnouncer {
  const publish = (feedPostId: string) =>
    app.events
      .publish({ type: "feed.changed", feedPostId, hidden: false })
      .catch((error: unknown) => app.log.warn({ err: error }, "a new Feed post could not be announced"));
  let pending: { feedPostId: string; spanEnd: number; timer: NodeJS.Timeout } | null = null;
  const flush = async () => {
    if (!pending) return;
    const { feedPostId, timer } = pending;
    clearTimeout(timer);
    pending = null;
    await publish(feedPostId);
  };
  app.addHook("onClose", flush);
  return {
    announce(feedPostId, writtenAt) {
      if (everyMs <= 0) {
        void publish(feedPostId);
        return;
      }
      const end = spanEnd(writtenAt, everyMs);
      if (pending) {
        // The newest post of the span names it: pages read the whole list again whichever id it is. A post of
        // an earlier span (its request was slow) goes out with the one pending, which is later still.
        if (end <= pending.spanEnd) {
          if (end === pending.spanEnd) pending.feedPostId = feedPostId;
          return;
        }
        // A post of a later span: the pending one's span is over (it was written before this one).
        void flush();
      }
      // From now, which is after the post was written: the database's clock is past the span's end by then.
      const timer = setTimeout(() => void flush(), end - writtenAt.getTime() + 1);
      timer.unref();
      pending = { feedPostId, spanEnd: end, timer };
    },
  };
}
