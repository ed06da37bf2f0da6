/**
 * The signed-in wallet's notifications (`session-read`: the session's own wallet, no acting-wallet field),
 * and the hook that creates them: after each live event this instance publishes, the notifications it
 * causes are stored and announced on the stream (`notification`), so the owner's bell updates at once.
 * Marking some read is announced too (`notifications.read`), so the owner's other tabs follow. Both go only
 * to the owner's streams (events/stream.ts).
 */

import { notificationEndpoints } from "@classcoin/shared/endpoints/notifications";
import { sql } from "drizzle-orm";
import type { FastifyPluginAsync } from "fastify";
import { requireSessionWallet } from "../../auth/session";
import { registerEndpoint } from "../../http/endpoint";
import { mayNotify, notificationsFor } from "./from-events";
import { addNotification, listNotifications, markNotificationsRead } from "./service";

export const notificationRoutes: FastifyPluginAsync = async (app) => {
  const { db } = app.deps.database;

  app.events.onPublish(async (event) => {
    // Every event passes here (a vote, a page's worth of indexed transfers, this hook's own `notification`s).
    if (!mayNotify(event)) return;
    // Worded from rows read in the transaction that stores them, with the class's tables not being cleared: a
    // "Start new semester" committed between the two (on any instance) left notifications of content it had
    // cleared in the new semester. Its lock on comments, the first it takes (semesters/service.ts), makes one
    // wait for the other.
    const told = await db.transaction(async (tx) => {
      await tx.execute(sql`LOCK TABLE comments IN ROW SHARE MODE`);
      const stored: string[] = [];
      for (const notification of await notificationsFor(tx, event)) {
        if (await addNotification(tx, notification)) stored.push(notification.wallet.toLowerCase());
      }
      return stored;
    });
    // After the commit (on PGlite, its one connection is the transaction's until then).
    for (const wallet of told) await app.events.publish({ type: "notification", wallet });
  });

  registerEndpoint(app, notificationEndpoints.list, {
    async handler(request, reply) {
      reply.header("Cache-Control", "no-store");
      return listNotifications(db, await requireSessionWallet(request));
    },
  });

  registerEndpoint(app, notificationEndpoints.markRead, {
    async handler(request) {
      const wallet = await requireSessionWallet(request);
      const { unread, marked } = await markNotificationsRead(db, wallet, request.body.ids);
      // Only when something changed: a repeated call must not be a way to flood every instance with events.
      if (marked > 0) await app.events.publish({ type: "notifications.read", wallet });
      return { unread };
    },
  });
};
