/**
 * Live updates (`GET /api/events`, server-sent events): what changed, so every open page updates in place.
 * An event says which thing changed and whose it is, never more than the public pages show; the page then
 * reads the changed lists again (or patches them). Each event on the stream carries its `id` (the SSE `id:`
 * line), so a reconnecting browser asks for what it missed with `Last-Event-ID`.
 */
import { z } from "zod";

const wallet = z.string();
const id = z.string();

export const liveEventSchema = z.discriminatedUnion("type", [
  /** A new forum post. */
  z.object({ type: z.literal("post.created"), postId: id, authorWallet: wallet }),
  /** A vote was cast or switched: the post's counts. */
  z.object({
    type: z.literal("post.voted"),
    postId: id,
    authorWallet: wallet,
    voterWallet: wallet,
    vote: z.enum(["up", "down"]),
    upvotes: z.number(),
    downvotes: z.number(),
  }),
  /** A recorded tip to a project (the money moved on chain; `transactions` follows from the indexer). */
  z.object({
    type: z.literal("tip"),
    projectId: id,
    projectNumber: z.number(),
    fromWallet: wallet,
    toWallet: wallet,
    amount: z.number(),
    totalReceived: z.number(),
    txHash: z.string(),
  }),
  /**
   * The explorer's index changed (new Transfer logs, or a reorg removed some): the wallets they touch, or
   * null when there were too many to list (every page reads again).
   */
  z.object({ type: z.literal("transactions"), wallets: z.array(wallet).nullable(), count: z.number() }),
  /**
   * The server moved CC between these wallets (a gasless transfer, a welcome grant) or to the whole class (a
   * Deploy ClassCoin run: no wallets listed, every tab reads its balance): their balances and the leaderboard
   * change now, before the indexer sees the Transfer logs.
   */
  z.object({ type: z.literal("balances"), wallets: z.array(wallet) }),
  /** A bounty was created, edited, crossed out or restored, completed, cancelled, reopened or deleted. */
  z.object({ type: z.literal("bounty.changed"), bountyId: id.nullable(), status: z.string().nullable() }),
  /** A bounty was completed and its reward paid to `wallet` (the student is notified). */
  z.object({
    type: z.literal("bounty.completed"),
    bountyId: id,
    wallet,
    title: z.string(),
    reward: z.number(),
    txHash: z.string(),
  }),
  /** The instructor awarded `wallet` CC with a note (the student is notified). */
  z.object({ type: z.literal("award"), wallet, amount: z.number(), note: z.string(), txHash: z.string() }),
  /**
   * The treasury broadcast award `awardId`'s transaction, not mined yet: the admin's Awards tab shows its hash
   * while the request waits for the block (`awardId`: the form's id, null when it sent none). Sent to the
   * admin's streams (`adminWallet`) only.
   */
  z.object({ type: z.literal("award.sent"), adminWallet: wallet, awardId: z.string().nullable(), txHash: z.string() }),
  /** A profile was created or edited. */
  z.object({ type: z.literal("profile.changed"), wallet }),
  /**
   * A comment was written, voted on or deleted under post `postId` (null when not known): the post's comments
   * and its comment count.
   */
  z.object({
    type: z.literal("comment.changed"),
    postId: id.nullable(),
    /** A comment written (not a vote or a delete): its id and author, for the notifications it causes. */
    created: z.object({ commentId: id, authorWallet: wallet }).optional(),
  }),
  /** A project submission was created or edited. */
  z.object({ type: z.literal("project.changed"), projectNumber: z.number(), wallet }),
  /** The instructor hid or showed a post, or archived or restored a profile or a project submission. */
  z.object({
    type: z.literal("moderation"),
    entity: z.enum(["post", "profile", "project", "comment"]),
    id,
    /** The wallet whose content it is. */
    wallet,
    /** Hidden or archived (true), shown or restored (false). */
    hidden: z.boolean(),
  }),
  /** A new notification for `wallet` (its list is read with that wallet's session). */
  z.object({ type: z.literal("notification"), wallet }),
  /**
   * `wallet` marked some of its notifications read (in another tab, say): its bell's unread count changed. Who
   * reads what, and when, is that student's own business: sent only to that wallet's streams.
   */
  z.object({ type: z.literal("notifications.read"), wallet }),
  /**
   * The admin opened or closed a project's predictions, or a student made one: the round's status and count.
   * Who predicted what stays private until the round closes, so the event names neither.
   */
  z.object({ type: z.literal("prediction.changed"), projectNumber: z.number() }),
  /**
   * A Feed post was posted, or the admin hid or showed one. The Feed is anonymous: the event never names who
   * posted it.
   */
  z.object({ type: z.literal("feed.changed"), feedPostId: id, hidden: z.boolean() }),
  /** A new semester started: the class was cleared (archives keep it); every page reads again. */
  z.object({ type: z.literal("semester.reset"), startBlock: z.number() }),
  /** The admin archived the semester: the archive list changed. */
  z.object({ type: z.literal("semester.archived"), archiveId: id }),
  /**
   * Sent on a reconnect that cannot be caught up event by event (the missed events are no longer kept):
   * read everything again.
   */
  z.object({ type: z.literal("sync") }),
]);
export type LiveEvent = z.infer<typeof liveEventSchema>;
export type LiveEventType = LiveEvent["type"];

/**
 * The wallet an event is addressed to, or null for an event every page may see. The stream sends an addressed
 * event only to streams opened with that wallet's session: the rest of the class learns nothing of it, not
 * even that it happened.
 */
export function addressedTo(event: LiveEvent): string | null {
  switch (event.type) {
    case "notification":
    case "notifications.read":
      return event.wallet;
    case "award.sent":
      return event.adminWallet;
    default:
      return null;
  }
}

/** How often the stream sends a comment line, so proxies and idle-socket timeouts keep it open. */
export const LIVE_HEARTBEAT_MS = 15_000;
/** The `retry:` the stream asks browsers to wait before reconnecting. */
export const LIVE_RETRY_MS = 2_000;
