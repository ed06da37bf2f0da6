/**
 * Notifications per wallet: stored worded (the text every page shows), read newest first, marked read by
 * their owner only. A `dedupeKey` makes the same happening one notification however often it is reported.
 * Who did it (`actorWallet`) is named as their profile is when the list is read, as the forum names a post's
 * author: a rename shows in older notifications too.
 */
import { NOTIFICATIONS_PAGE_SIZE, type Notification, type NotificationList } from "@classcoin/shared/notifications";
import { and, desc, eq, getTableColumns, inArray, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { notifications, profiles } from "../../db/schema";

export interface NewNotification {
  wallet: string;
  kind: Notification["kind"];
  /** Who did it (a tipper, voter, commenter), or null; the list names them before `text`. */
  actorWallet: string | null;
  /** The sentence, or with an actor what follows their name (`upvoted your post "…".`). */
  text: string;
  link: string | null;
  /** Same wallet and key: stored once. */
  dedupeKey: string | null;
}

type Row = typeof notifications.$inferSelect & { actorName: string | null };

/** The actor named as the forum names a post's author: their profile's name, else their wallet. */
function sentence(row: Row): string {
  if (!row.actorWallet) return row.text;
  return `${row.actorName ?? (row.actorWallet || "Unknown")} ${row.text}`;
}

function toNotification(row: Row): Notification {
  return {
    _id: String(row.id),
    kind: row.kind as Notification["kind"],
    text: sentence(row),
    link: row.link,
    read: row.read,
    createdAt: row.createdAt.toISOString(),
  };
}

async function unreadCount(db: Db, wallet: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(notifications)
    .where(and(eq(notifications.wallet, wallet), eq(notifications.read, false)));
  return row?.n ?? 0;
}

export async function listNotifications(db: Db, wallet: string): Promise<NotificationList> {
  // One read with the actors' profiles joined (profiles.wallet is unique): no query per notification.
  const rows = await db
    .select({ ...getTableColumns(notifications), actorName: profiles.name })
    .from(notifications)
    .leftJoin(profiles, eq(profiles.wallet, notifications.actorWallet))
    .where(eq(notifications.wallet, wallet))
    .orderBy(desc(notifications.id))
    .limit(NOTIFICATIONS_PAGE_SIZE);
  return { notifications: rows.map(toNotification), unread: await unreadCount(db, wallet) };
}

/**
 * Marks the wallet's own unread notifications among `ids` read; ids of other wallets' change nothing.
 * `marked`: how many were unread until now.
 */
export async function markNotificationsRead(
  db: Db,
  wallet: string,
  ids: string[],
): Promise<{ unread: number; marked: number }> {
  const marked = await db
    .update(notifications)
    .set({ read: true })
    .where(
      and(eq(notifications.wallet, wallet), eq(notifications.read, false), inArray(notifications.id, ids.map(Number))),
    )
    .returning({ id: notifications.id });
  return { unread: await unreadCount(db, wallet), marked: marked.length };
}

/** Stores the notification; false when the same one (wallet and dedupe key) is already there. */
export async function addNotification(db: Db, notification: NewNotification): Promise<boolean> {
  const rows = await db
    .insert(notifications)
    .values({
      ...notification,
      wallet: notification.wallet.toLowerCase(),
      actorWallet: notification.actorWallet?.toLowerCase() ?? null,
    })
    .onConflictDoNothing()
    .returning({ id: notifications.id });
  return rows.length > 0;
}
