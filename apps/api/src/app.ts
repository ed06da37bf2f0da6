/**
 * Builds the Fastify app from its dependencies without listening, so tests use `app.inject()` and the
 * server, the benchmarks and the e2e stack all run the same code.
 */
import { existsSync } from "node:fs";
import { join } from "node:path";
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
    trustProxy: true,
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
    request.log.error(error);
    if (isUnavailable(error)) {
      return reply
        .status(503)
        .send({ error: "A backing service (database or chain) is unavailable. Please try again in a moment." });
    }
    return reply.status(500).send({ error: "Something went wrong on the server. Please try again." });
  });

  // Cookies, uploads and rate limits first: the route plugins below rely on them.
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

function isUnavailable(error: Error & { code?: string }): boolean {
  const code = error.code ?? "";
  return (
    ["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "57P01", "57P03", "08006", "08001"].includes(code) ||
    error.name === "HttpRequestError" ||
    error.name === "TimeoutError"
  );
}
