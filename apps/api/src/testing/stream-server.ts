/**
 * `GET /api/events` alone on a bare Fastify app over a real socket, with a bus that delivers what the test
 * hands it (to this process only) and limits small enough for a test. The client IP is the test's
 * `X-Forwarded-For` (loopback is trusted).
 */
import type { LiveEvent } from "@classcoin/shared/live-events";
import fastifyCookie from "@fastify/cookie";
import Fastify, { type FastifyInstance } from "fastify";
import { serializerCompiler, validatorCompiler } from "fastify-type-provider-zod";
import type { Config } from "../config";
import type { AppDeps } from "../deps";
import type { EventBus, EventSubscriber, StoredEvent } from "../events/bus";
import { registerEventStream, type StreamLimits, type StreamRegistry } from "../events/stream";
import { HttpError } from "../http-errors";

export interface StreamServer {
  app: FastifyInstance;
  url: string;
  registry: StreamRegistry;
  deliver(event: LiveEvent): void;
  /** Streams subscribed to the bus now. */
  readonly subscribers: number;
}

export async function startStreamServer(
  limits: StreamLimits,
  config: Partial<Pick<Config, "rateLimit" | "redisUrl">> = {},
  log?: { write(line: string): void },
): Promise<StreamServer> {
  const app = Fastify({ trustProxy: ["loopback"], ...(log ? { logger: { level: "info", stream: log } } : {}) });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate("deps", {
    config: { rateLimit: false, publicUrl: "http://localhost", ...config },
  } as unknown as AppDeps);
  await app.register(fastifyCookie);
  // As the app answers an HttpError (app.ts): its status, headers and `{error}`.
  app.setErrorHandler((error, _request, reply) => {
    if (!(error instanceof HttpError)) throw error;
    if (error.headers) reply.headers(error.headers);
    return reply.status(error.statusCode).send({ error: error.message });
  });
  const subscribers = new Set<EventSubscriber>();
  let id = 0;
  const bus = {
    subscribe(subscriber: EventSubscriber) {
      subscribers.add(subscriber);
      return () => subscribers.delete(subscriber);
    },
    replay: async () => [] as StoredEvent[],
  };
  const registry = registerEventStream(app, bus as unknown as EventBus, limits);
  app.addHook("preClose", async () => registry.endAll());
  const url = await app.listen({ port: 0, host: "127.0.0.1" });
  return {
    app,
    url,
    registry,
    deliver(event) {
      const stored = { id: ++id, event };
      for (const subscriber of subscribers) subscriber(stored);
    },
    get subscribers() {
      return subscribers.size;
    },
  };
}
