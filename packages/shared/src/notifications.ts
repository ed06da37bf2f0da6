/**
 * Notifications (`GET /api/notifications`, `POST /api/notifications/read`): what happened to the signed-in
 * wallet's things: a tip, a vote on a post, a bounty completed or an award, content hidden or archived.
 * Stored per wallet, newest first; the server words them, so every page shows the same sentence.
 */
import { z } from "zod";
import { idSchema } from "./primitives";

export const NOTIFICATION_KINDS = [
  "tip",
  "vote",
  "bounty_completed",
  "award",
  "post_hidden",
  "profile_archived",
  "project_archived",
  "comment_hidden",
  "feed_post_hidden",
  "comment",
  "reply",
] as const;

/**
 * Where a notification opens: the exact thing it is about. The pages read these parameters (the forum scrolls
 * to the post, opens its comments for a comment; the explorer opens the transaction), and say so when the
 * thing has since gone.
 */
export const notificationLinks = {
  /** `/forum?post=12`, or with a comment `/forum?post=12&comment=34`. */
  forum: (postId: string | number, commentId?: string | number) =>
    `/forum?post=${postId}${commentId === undefined ? "" : `&comment=${commentId}`}`,
  submission: (projectNumber: number, projectId: string | number) =>
    `/projects?n=${projectNumber}&submission=${projectId}`,
  bounty: (bountyId: string | number) => `/bounties?bounty=${bountyId}`,
  transaction: (txHash: string) => `/explorer?tx=${txHash}`,
} as const;

/** The forum's parameters naming a post, and a comment under it (`notificationLinks.forum`). */
export const FORUM_POST_PARAM = "post";
export const FORUM_COMMENT_PARAM = "comment";

/** How many notifications the list returns (newest first). */
export const NOTIFICATIONS_PAGE_SIZE = 50;

export const notificationSchema = z.object({
  _id: z.string(),
  kind: z.enum(NOTIFICATION_KINDS),
  /**
   * The sentence shown, e.g. `Ben Okafor tipped you 5 CC for "Three lemons".`; who did it is named as their
   * profile is now (their wallet once they have none), as the forum names a post's author.
   */
  text: z.string(),
  /** The thing it is about (`notificationLinks`: a post, comment, submission, bounty, transaction), or null. */
  link: z.string().nullable(),
  read: z.boolean(),
  createdAt: z.string(),
});
export type Notification = z.infer<typeof notificationSchema>;

export const notificationListSchema = z.object({
  notifications: z.array(notificationSchema),
  /** Unread notifications of the wallet in all (also beyond the list's page). */
  unread: z.number(),
});
export type NotificationList = z.infer<typeof notificationListSchema>;

export const markNotificationsReadSchema = z.object({
  /** The notifications to mark read (the wallet's own; others' ids change nothing). */
  ids: z.array(idSchema).min(1, "Name at least one notification").max(200, "At most 200 notifications at once"),
});

export const markNotificationsReadResultSchema = z.object({ unread: z.number() });
