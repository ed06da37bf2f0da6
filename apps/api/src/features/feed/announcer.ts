/**
 * New Feed posts reach open pages at the next whole span (FEED_ANNOUNCE_SECONDS, a minute), the span's posts in
 * one `feed.changed`, not the moment each is written. The live stream, and its replay that anyone may ask for,
 * is one ordered log of everyone's named actions (votes, comments, tips): a post announced between two votes
 * of one student named its author, whatever the list's rounding of `createdAt` to the minute hides. At the
 * span's end the event says no more than that rounding does; the public list holds the span's posts back until
 * then too (`listFeed`), or polling it would tell what the stream does not. Hiding and showing (the admin's) go
 * out at once.
 *
 * Per instance: a post written on another instance is announced by that one. An instance that stops announces
 * what it holds as it closes; one that dies loses it, and pages see the post on their next read.
 */
import type { FastifyInstance } from "fastify";

export interface FeedAnnouncer {
  announce(feedPostId: string): void;
}

export function createFeedAnnouncer(app: FastifyInstance, everyMs: number): FeedAnnouncer {
  const publish = (feedPostId: string) =>
    app.events
      .publish({ type: "feed.changed", feedPostId, hidden: false })
      .catch((error: unknown) => app.log.warn({ err: error }, "a new Feed post could not be announced"));
  let pending: { feedPostId: string; timer: NodeJS.Timeout } | null = null;
  const flush = async () => {
    if (!pending) return;
    const { feedPostId, timer } = pending;
    clearTimeout(timer);
    pending = null;
    await publish(feedPostId);
  };
  app.addHook("onClose", flush);
  return {
    announce(feedPostId) {
      if (everyMs <= 0) {
        void publish(feedPostId);
        return;
      }
      // The newest post of the span names it: pages read the whole list again whichever id it is.
      if (pending) {
        pending.feedPostId = feedPostId;
        return;
      }
      const timer = setTimeout(() => void flush(), everyMs - (Date.now() % everyMs));
      timer.unref();
      pending = { feedPostId, timer };
    },
  };
}
