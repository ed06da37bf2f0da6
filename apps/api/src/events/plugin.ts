/**
 * Mounts live updates on the app: the bus as `app.events` (features call `app.events.publish(event)` after
 * their writes), its LISTEN connection from `onReady`, and `GET /api/events`. Streams are ended before the
 * server closes, the bus after.
 */
import type { FastifyInstance } from "fastify";
import { createEventBus, type EventBus } from "./bus";
import { registerEventStream } from "./stream";

declare module "fastify" {
  interface FastifyInstance {
    events: EventBus;
  }
}

export async function registerEvents(app: FastifyInstance): Promise<void> {
  const bus = createEventBus(app.deps.database, {
    info: (m) => app.log.info(m),
    warn: (m) => app.log.warn(m),
  });
  app.decorate("events", bus);
  const streams = registerEventStream(app, bus);
  app.addHook("onReady", async () => bus.start());
  app.addHook("preClose", async () => streams.endAll());
  app.addHook("onClose", async () => bus.close());
}
