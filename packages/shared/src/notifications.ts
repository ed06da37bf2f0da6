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

/** How many notifications the list returns (newest first). */
export const NOTIFICATIONS_PAGE_SIZE = 50;

export const notificationSchema = z.object({
  _id: z.string(),
  kind: z.enum(NOTIFICATION_KINDS),
  /** The sentence shown, e.g. `Ben Okafor tipped you 5 CC for "Three lemons".` */
  text: z.string(),
  /** Where it happened in the app (a path such as `/projects?n=2`), or null. */
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
