/** Live updates: one server-sent events stream for every page (see ../live-events.ts for the events). */
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
      "transactions, bounty.changed, bounty.completed, award, profile.changed, project.changed, moderation, " +
      "notification, sync) and " +
      "an `id:` line. A browser's EventSource reconnects by itself and sends the last id it saw as " +
      "Last-Event-ID; the events after it are sent first, or `sync` when they are no longer kept. Only a " +
      "request with Accept: text/event-stream gets the stream (406 otherwise).",
    errorStatuses: [406, 503],
  }),
} as const;
