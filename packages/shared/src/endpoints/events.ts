/** Live updates: one server-sent events stream for every page (see ../live-events.ts for the events). */
import { z } from "zod";
import { defineEndpoint } from "../endpoint";

export const eventEndpoints = {
  stream: defineEndpoint({
    method: "GET",
    path: "/api/events",
    access: "public-read",
    tag: "events",
    summary: "Live updates as server-sent events (text/event-stream); send Last-Event-ID to catch up",
    description:
      "Each event is a `data:` line holding one JSON object with a `type` (post.created, post.voted, tip, " +
      "transactions, bounty.changed, bounty.completed, award, award.sent, profile.changed, project.changed, " +
      "moderation, notification, notifications.read, prediction.changed, feed.changed, sync) and " +
      "an `id:` line. A browser's EventSource reconnects by itself and sends the last id it saw as " +
      "Last-Event-ID; the events after it are sent first, or `sync` when they are no longer kept. A page that " +
      "opens a new stream itself (its wallet session changed) names that id in `lastEventId` instead. Events " +
      "addressed to one wallet (notification, notifications.read, award.sent) go only to streams opened with that " +
      "wallet's session. Only a request with Accept: text/event-stream gets the stream (406 otherwise).",
    query: z.object({
      lastEventId: z
        .string()
        .regex(/^\d{1,15}$/)
        .optional()
        .describe("The last event id seen on a previous stream (Last-Event-ID, when sent, wins)"),
    }),
    errorStatuses: [400, 406, 429, 503],
  }),
} as const;
