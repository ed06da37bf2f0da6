/**
 * Builds the Fastify app from its dependencies without listening, so tests use `app.inject()` and the
 * server, the benchmarks and the e2e stack all run the same code.
 */
import { existsSync } from "node:fs";
import { join } from "node:path";
import { messages } from "@classcoin/shared/messages";
import fastifyCookie from "@fastify/cookie";
import fastifyStatic from "@fastify/static";
import Fastify, { type FastifyError, type FastifyInstance } from "fastify";
import {
  hasZodFastifySchemaValidationErrors,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from "fastify-type-provider-zod";
import type { PublicClient } from "viem";
import { authRoutes } from "./auth/routes";
import type { Config } from "./config";
import type { Database } from "./db/client";
import { adminRoutes } from "./features/admin/routes";
import { publicBountyRoutes } from "./features/bounties/routes";
import { explorerRoutes } from "./features/explorer/routes";
import { registerMultipart } from "./features/images/multipart";
import { imageRoutes } from "./features/images/routes";
import { metaRoutes } from "./features/meta/routes";
import { postRoutes } from "./features/posts/routes";
import { profileRoutes } from "./features/profiles/routes";
import { projectRoutes } from "./features/projects/routes";
import { tipRoutes } from "./features/tips/routes";
import { registerOpenApi } from "./http/openapi";
import { registerRateLimit } from "./http/rate-limit";
import { registerSecurityHeaders } from "./http/security-headers";
import { HttpError } from "./http-errors";

export interface AppDeps {
  config: Config;
  database: Database;
  chain: PublicClient;
}

declare module "fastify" {
  interface FastifyInstance {
    deps: AppDeps;
  }
}

export type App = FastifyInstance;

export async function buildApp(deps: AppDeps, options: { logger?: boolean } = {}): Promise<App> {
  const app = Fastify({
    logger: options.logger ? { level: deps.config.logLevel } : false,
    bodyLimit: 1024 * 1024,
    // X-Forwarded-For only from a proxy on this machine or a private network (a reverse proxy, a PaaS
    // router); a client on the internet cannot pick its own IP to dodge the sign-in limit (security tests).
    trustProxy: "loopback, linklocal, uniquelocal",
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate("deps", deps);

  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const messages = error.validation.map((v) => {
        const where = v.instancePath ? `${v.instancePath.replace(/^\//, "").replaceAll("/", ".")}: ` : "";
        return `${where}${v.message ?? "invalid value"}`;
      });
      return reply.status(400).send({ error: `Invalid request: ${messages.join("; ")}`, errors: messages });
    }
    if (error instanceof HttpError) {
      if (error.headers) reply.headers(error.headers);
      return reply
        .status(error.statusCode)
        .send(error.errors ? { error: error.message, errors: error.errors } : { error: error.message });
    }
    const status = error.statusCode ?? 500;
    if (status < 500) return reply.status(status).send({ error: error.message });
    // PostgreSQL text cannot hold NUL: the caller's input, not a server fault (found by security/bad-input).
    if (["22021", "22P05"].includes(errorCode(error))) {
      return reply.status(400).send({ error: messages.input.unstorableText });
    }
    request.log.error(error);
    if (isUnavailable(error)) {
      return reply
        .status(503)
        .send({ error: "A backing service (database or chain) is unavailable. Please try again in a moment." });
    }
    return reply.status(500).send({ error: "Something went wrong on the server. Please try again." });
  });

  // Cookies, uploads and rate limits first: the route plugins below rely on them.
  await registerSecurityHeaders(app);
  await app.register(fastifyCookie);
  await registerMultipart(app);
  await registerRateLimit(app);
  await registerOpenApi(app);
  await app.register(metaRoutes, { prefix: "/api" });
  await app.register(authRoutes, { prefix: "/api" });
  await app.register(imageRoutes, { prefix: "/api" });
  await app.register(profileRoutes, { prefix: "/api" });
  await app.register(postRoutes, { prefix: "/api" });
  await app.register(projectRoutes, { prefix: "/api" });
  await app.register(publicBountyRoutes, { prefix: "/api" });
  await app.register(adminRoutes, { prefix: "/api/admin" });
  await app.register(tipRoutes, { prefix: "/api" });
  await app.register(explorerRoutes, { prefix: "/api" });

  const webDist = deps.config.webDist;
  const hasWeb = webDist !== undefined && existsSync(join(webDist, "index.html"));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      cacheControl: false,
      setHeaders(reply, path) {
        // Vite fingerprints everything under assets/, so it can be cached forever; index.html never.
        reply.header(
          "Cache-Control",
          path.includes(join("dist", "assets")) ? "public, max-age=31536000, immutable" : "no-cache",
        );
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split("?")[0] ?? "";
    if (path === "/api" || path.startsWith("/api/") || !hasWeb || request.method !== "GET") {
      return reply.status(404).send({ error: `No route ${request.method} ${path}. See /api/docs for the API.` });
    }
    // Client-side routes (/profiles, /wallet, …) all load the single-page app.
    return reply.header("Cache-Control", "no-cache").sendFile("index.html");
  });

  return app;
}

/** The error and its causes: Drizzle wraps driver errors (DrizzleQueryError), viem wraps transport errors. */
function causeChain(error: unknown): (Error & { code?: unknown })[] {
  const chain: (Error & { code?: unknown })[] = [];
  let current = error;
  while (current instanceof Error && chain.length < 8) {
    chain.push(current);
    current = current.cause;
  }
  return chain;
}

function errorCode(error: Error): string {
  const coded = causeChain(error).find((e) => typeof e.code === "string");
  return typeof coded?.code === "string" ? coded.code : "";
}

const unavailableCodes = ["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "EPIPE", "57P01", "57P03", "08006", "08001"];
/** node-postgres reports a lost or impossible connection with plain Errors (no code). */
const lostConnection = /Connection terminated|timeout exceeded when trying to connect|Client was closed/i;

function isUnavailable(error: Error): boolean {
  return causeChain(error).some(
    (e) =>
      (typeof e.code === "string" && unavailableCodes.includes(e.code)) ||
      e.name === "HttpRequestError" ||
      e.name === "TimeoutError" ||
      lostConnection.test(e.message),
  );
}
