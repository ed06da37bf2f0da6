/**
 * The signed-in wallet's notifications (`session-read`: the session's own wallet, no acting-wallet field),
 * and the hook that creates them: after each live event this instance publishes, the notifications it
 * causes are stored and announced on the stream (`notification`), so the owner's bell updates at once.
 * Marking some read is announced too (`notifications.read`), so the owner's other tabs follow. Both go only
 * to the owner's streams (events/stream.ts).
 */

import { notificationEndpoints } from "@classcoin/shared/endpoints/notifications";
import { messages } from "@classcoin/shared/messages";
import type { FastifyPluginAsync, FastifyRequest } from "fastify";
import { getSessionWallet } from "../../auth/session";
import { registerEndpoint } from "../../http/endpoint";
import { unauthorized } from "../../http-errors";
import { notificationsFor } from "./from-events";
import { addNotification, listNotifications, markNotificationsRead } from "./service";

async function sessionWallet(request: FastifyRequest): Promise<string> {
  const wallet = await getSessionWallet(request);
  if (!wallet) throw unauthorized(messages.auth.required);
  return wallet;
}

export const notificationRoutes: FastifyPluginAsync = async (app) => {
  const { db } = app.deps.database;

  app.events.onPublish(async (event) => {
    for (const notification of await notificationsFor(db, event)) {
      if (await addNotification(db, notification)) {
        await app.events.publish({ type: "notification", wallet: notification.wallet.toLowerCase() });
      }
    }
  });

  registerEndpoint(app, notificationEndpoints.list, {
    async handler(request, reply) {
      reply.header("Cache-Control", "no-store");
      return listNotifications(db, await sessionWallet(request));
    },
  });

  registerEndpoint(app, notificationEndpoints.markRead, {
    async handler(request) {
      const wallet = await sessionWallet(request);
      const { unread, marked } = await markNotificationsRead(db, wallet, request.body.ids);
      // Only when something changed: a repeated call must not be a way to flood every instance with events.
      if (marked > 0) await app.events.publish({ type: "notifications.read", wallet });
      return { unread };
    },
  });
};
