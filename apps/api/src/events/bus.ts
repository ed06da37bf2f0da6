/**
 * The live-event bus. `publish(event)` stores the event in `live_events`; a trigger there sends it with
 * NOTIFY (migrations/0006_live_events.sql), and every API instance LISTENs on one dedicated connection, so
 * an event published by any instance (or written by a trigger: the indexer's transactions, bounty changes)
 * reaches the browsers of every instance. On PGlite, NOTIFY and LISTEN stay inside the one process.
 *
 * The table is also the log a reconnecting browser catches up from (`replay`), kept for an hour.
 *
 * An event's id here (`StoredEvent.id`, the stream's `id:`) is its `commit_seq`: its place in commit order,
 * given as its transaction commits (migrations/0018_live_events_commit_seq.sql). Whatever has been seen is
 * then every event up to some number, so "the events after N" misses nothing: with the row's insert-order
 * `id`, an event from a long transaction committed after a later-numbered one was never replayed nor caught up.
 */
import { type LiveEvent, liveEventSchema } from "@classcoin/shared/live-events";
import { asc, eq, gt, max, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { liveEvents } from "../db/schema";

export const LIVE_CHANNEL = "classcoin_live";
/** Events are kept this long for catching up; older ones are deleted now and then. */
export const LIVE_EVENTS_KEPT_MS = 60 * 60 * 1000;
const PRUNE_EVERY_MS = 10 * 60 * 1000;
/**
 * A reconnect that missed more than this many events reads everything again instead (`sync`). Anyone may ask
 * for a replay, so it is kept small: 500 let 40 clients draw 96 MB in 5 s from one instance.
 */
export const REPLAY_MAX_EVENTS = 100;
/** Events this instance reads back after its LISTEN connection was lost (once per reconnect, not per client). */
const CATCH_UP_MAX_EVENTS = 500;
/** Ids delivered recently, so an event is never handed to subscribers twice (catch-up after a reconnect). */
const DELIVERED_MEMORY = 2_000;

export interface StoredEvent {
  id: number;
  event: LiveEvent;
}

export type EventSubscriber = (stored: StoredEvent) => void;
/**
 * Told synchronously what kind of thing changed: an event's `type` (also one this version does not know), or
 * null when it cannot be known (a lost LISTEN connection, an event announced by id only): anything may have.
 * The response cache invalidates from it (http/response-cache.ts).
 */
export type ChangeWatcher = (type: string | null) => void;
/** Runs in the publishing instance after an event is stored (the notifications it causes). */
export type PublishHook = (event: LiveEvent) => Promise<void>;

export interface EventLog {
  info(message: string): void;
  warn(message: string): void;
}

export interface EventBus {
  /** Stores and announces the event, then runs the publish hooks; never throws (a failure is logged). */
  publish(event: LiveEvent): Promise<void>;
  subscribe(subscriber: EventSubscriber): () => void;
  /** The events committed after `afterId`, oldest first; null when some of them are no longer kept (or too many). */
  replay(afterId: number): Promise<StoredEvent[] | null>;
  onPublish(hook: PublishHook): void;
  /**
   * Calls `watcher` for every event published here (before it is stored, so the writer's own next read
   * already misses), every event announced by NOTIFY (from any instance or trigger, parsed or not), and with
   * null whenever announcements may have been lost.
   */
  watch(watcher: ChangeWatcher): () => void;
  /**
   * False while the LISTEN connection is known to be lost (from its first error until it is back): this
   * instance hears of no other instance's writes meanwhile. True without LISTEN (one process: PGlite, a double).
   */
  readonly listening: boolean;
  readonly subscribers: number;
  start(): Promise<void>;
  close(): Promise<void>;
}

export function createEventBus(database: Database, log: EventLog): EventBus {
  const { db } = database;
  const subscribers = new Set<EventSubscriber>();
  const hooks: PublishHook[] = [];
  const watchers = new Set<ChangeWatcher>();
  const delivered = new Set<number>();
  let lastSeen = 0;
  let listening = true;
  let stopListening: (() => Promise<void>) | undefined;
  let pruneTimer: NodeJS.Timeout | undefined;
  let closed = false;

  function deliver(stored: StoredEvent): void {
    if (delivered.has(stored.id)) return;
    delivered.add(stored.id);
    if (delivered.size > DELIVERED_MEMORY) {
      const oldest = delivered.values().next().value;
      if (oldest !== undefined) delivered.delete(oldest);
    }
    lastSeen = Math.max(lastSeen, stored.id);
    for (const subscriber of subscribers) {
      try {
        subscriber(stored);
      } catch (error) {
        log.warn(`Live event subscriber failed: ${(error as Error).message}`);
      }
    }
  }

  function changed(type: string | null): void {
    for (const watcher of watchers) {
      try {
        watcher(type);
      } catch (error) {
        log.warn(`Change watcher failed: ${(error as Error).message}`);
      }
    }
  }

  function parse(id: number | null, data: unknown): StoredEvent | null {
    // No commit_seq: not committed, so never read here.
    if (id === null) return null;
    const event = liveEventSchema.safeParse(data);
    // An event type this version does not know (a newer instance published it) is skipped.
    return event.success ? { id, event: event.data } : null;
  }

  /** The events committed after `afterId` (a commit_seq), oldest first, at most `limit`. */
  function readAfter(afterId: number, limit: number) {
    return db
      .select({ commitSeq: liveEvents.commitSeq, data: liveEvents.data })
      .from(liveEvents)
      .where(gt(liveEvents.commitSeq, afterId))
      .orderBy(asc(liveEvents.commitSeq))
      .limit(limit);
  }

  async function readEvent(id: number): Promise<StoredEvent | null> {
    const [row] = await db.select().from(liveEvents).where(eq(liveEvents.commitSeq, id));
    return row ? parse(row.commitSeq, row.data) : null;
  }

  function onPayload(payload: string): void {
    let message: { id?: unknown; event?: unknown };
    try {
      message = JSON.parse(payload) as typeof message;
    } catch {
      return;
    }
    if (typeof message.id !== "number") {
      changed(null);
      return;
    }
    const id = message.id;
    // Before parsing: an event type this version does not know still says that something changed.
    const type = (message.event as { type?: unknown } | undefined)?.type;
    changed(typeof type === "string" ? type : null);
    if (message.event !== undefined) {
      const stored = parse(id, message.event);
      if (stored) deliver(stored);
      return;
    }
    // Too big for a NOTIFY payload: announced by id only.
    readEvent(id).then(
      (stored) => stored && deliver(stored),
      (error: Error) => log.warn(`Live event ${id} could not be read: ${error.message}`),
    );
  }

  /** After a lost LISTEN connection: what was published meanwhile, from the log. */
  async function catchUp(): Promise<void> {
    for (const row of await readAfter(lastSeen, CATCH_UP_MAX_EVENTS)) {
      const stored = parse(row.commitSeq, row.data);
      if (stored) deliver(stored);
    }
  }

  async function prune(): Promise<void> {
    await db
      .delete(liveEvents)
      .where(sql`${liveEvents.createdAt} < now() - ${`${LIVE_EVENTS_KEPT_MS} milliseconds`}::interval`);
  }

  return {
    get subscribers() {
      return subscribers.size;
    },

    get listening() {
      return listening;
    },

    async publish(event) {
      // The write is committed: this instance forgets what it changed before its reply can go out.
      changed(event.type);
      try {
        const [row] = await db
          .insert(liveEvents)
          .values({ type: event.type, data: event })
          .returning({ id: liveEvents.id });
        // Without LISTEN (a database double in a test), the event goes straight to this instance's subscribers,
        // under the commit_seq its commit gave it.
        if (!database.listen && row) {
          const [committed] = await db
            .select({ commitSeq: liveEvents.commitSeq })
            .from(liveEvents)
            .where(eq(liveEvents.id, row.id));
          if (committed?.commitSeq != null) deliver({ id: committed.commitSeq, event });
        }
      } catch (error) {
        log.warn(`Live event ${event.type} could not be published: ${(error as Error).message}`);
        return;
      }
      for (const hook of hooks) {
        try {
          await hook(event);
        } catch (error) {
          log.warn(`After live event ${event.type}: ${(error as Error).message}`);
        }
      }
    },

    subscribe(subscriber) {
      subscribers.add(subscriber);
      return () => subscribers.delete(subscriber);
    },

    async replay(afterId) {
      const rows = await readAfter(afterId, REPLAY_MAX_EVENTS + 1);
      if (rows.length > REPLAY_MAX_EVENTS) return null;
      // Commit numbers follow one another, so a gap before the first one kept means the events in between
      // were deleted (older than the log keeps); rarely a number lost to a commit that failed after taking
      // it, where reading again costs little.
      const first = rows[0]?.commitSeq;
      if (first != null && first > afterId + 1) return null;
      return rows.flatMap((row) => parse(row.commitSeq, row.data) ?? []);
    },

    onPublish(hook) {
      hooks.push(hook);
    },

    watch(watcher) {
      watchers.add(watcher);
      return () => watchers.delete(watcher);
    },

    async start() {
      const [latest] = await db.select({ id: max(liveEvents.commitSeq) }).from(liveEvents);
      lastSeen = latest?.id ?? 0;
      if (database.listen) {
        stopListening = await database.listen(LIVE_CHANNEL, {
          onPayload,
          onReconnect: () => {
            // Announcements sent while it was down are lost (catch-up reads at most CATCH_UP_MAX_EVENTS).
            listening = true;
            changed(null);
            log.info("Live events: LISTEN connection restored; catching up");
            catchUp().catch((error: Error) => log.warn(`Live events catch-up failed: ${error.message}`));
          },
          onError: (error) => {
            listening = false;
            changed(null);
            log.warn(`Live events: LISTEN connection problem: ${error.message}`);
          },
        });
      }
      pruneTimer = setInterval(() => {
        prune().catch((error: Error) => log.warn(`Live events could not be pruned: ${error.message}`));
      }, PRUNE_EVERY_MS);
      pruneTimer.unref();
      await prune().catch(() => {});
    },

    async close() {
      if (closed) return;
      closed = true;
      if (pruneTimer) clearInterval(pruneTimer);
      subscribers.clear();
      watchers.clear();
      await stopListening?.().catch(() => {});
    },
  };
}
