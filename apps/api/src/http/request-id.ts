/**
 * Request ids unique across instances and restarts (a random UUID, not Fastify's per-process counter
 * `req-1`, `req-2`, …), logged with every line of a request and returned as `X-Request-Id`, so a user's
 * report or a proxy log leads to the one instance and request that served it. An id sent by the client is
 * not trusted (it could collide or forge log lines).
 */
import { randomUUID } from "node:crypto";
import type { FastifyInstance } from "fastify";

export const requestIdOptions = {
  genReqId: () => randomUUID(),
  requestIdHeader: false,
} as const;

export function registerRequestId(app: FastifyInstance): void {
  // onRequest: set before any route, error or 404 handler runs, so every answer carries it.
  app.addHook("onRequest", async (request, reply) => {
    reply.header("X-Request-Id", request.id);
  });
}
