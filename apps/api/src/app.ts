/**
 * Builds the Fastify app from its dependencies without listening, so tests use `app.inject()` and the
 * server, the benchmarks and the e2e stack all run the same code.
 */
import { existsSync } from "node:fs";
import { join, resolve, sep } from "node:path";
import { messages } from "@classcoin/shared/messages";
import { isWalletPage } from "@classcoin/shared/pages";
import fastifyCookie from "@fastify/cookie";
import fastifyStatic from "@fastify/static";
import Fastify, { type FastifyError } from "fastify";
import {
  hasZodFastifySchemaValidationErrors,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from "fastify-type-provider-zod";
import { registerOriginCheck } from "./auth/origin";
import { authRoutes } from "./auth/routes";
import { forgetBalancesOnMoneyEvents } from "./chain/balances";
import { QUERY_CANCELED } from "./db/statement-timeout";
import type { App, AppDeps } from "./deps";
import { registerEvents } from "./events/plugin";
import { adminRoutes } from "./features/admin/routes";
import { bountyRoutes } from "./features/bounties/routes";
import { commentRoutes } from "./features/comments/routes";
import { configRoutes } from "./features/config/routes";
import { explorerRoutes } from "./features/explorer/routes";
import { explorerToolRoutes } from "./features/explorer/tools-routes";
import { feedRoutes } from "./features/feed/routes";
import { registerMultipart } from "./features/images/multipart";
import { imageRoutes } from "./features/images/routes";
import { leaderboardRoutes } from "./features/leaderboard/routes";
import { notificationRoutes } from "./features/notifications/routes";
import { postRoutes } from "./features/posts/routes";
import { predictionRoutes } from "./features/predictions/routes";
import { profileRoutes } from "./features/profiles/routes";
import { projectRoutes } from "./features/projects/routes";
import { relayRoutes } from "./features/relay/routes";
import { archiveRoutes } from "./features/semesters/routes";
import { tipRoutes } from "./features/tips/routes";
import { whitelistRoutes } from "./features/whitelist/routes";
import { registerCompression } from "./http/compression";
import {
  connectionServerOptions,
  keepSocketsOfRequestsInFlight,
  limitConnectionsPerIp,
} from "./http/connection-limits";
import { registerJsonBodyParser } from "./http/json-body";
import { registerOpenApi } from "./http/openapi";
import { registerRateLimit } from "./http/rate-limit";
import { registerRequestId, requestIdOptions } from "./http/request-id";
import { registerResponseCache } from "./http/response-cache";
import { registerSecurityHeaders } from "./http/security-headers";
import { DEFAULT_TRUSTED_PROXIES, warnOnUntrustedForwarding } from "./http/trusted-proxies";
import { HttpError } from "./http-errors";

export async function buildApp(deps: AppDeps, options: { logger?: boolean } = {}): Promise<App> {
  const app = Fastify({
    logger: options.logger ? { level: deps.config.logLevel } : false,
    bodyLimit: 1024 * 1024,
    // X-Forwarded-For only from the proxies named (default: this machine), so no client, on the internet or
    // on the school's network, picks its own IP to dodge the sign-in limits (http/trusted-proxies.ts).
    trustProxy: deps.config.trustedProxies ?? DEFAULT_TRUSTED_PROXIES,
    ...requestIdOptions,
    // Request, header and idle timeouts, requests per socket (slow bodies, held sockets).
    ...connectionServerOptions(deps.config),
  }).withTypeProvider<ZodTypeProvider>();
  limitConnectionsPerIp(app.server, deps.config);
  keepSocketsOfRequestsInFlight(app);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate("deps", deps);
  registerRequestId(app);
  warnOnUntrustedForwarding(app);
  registerJsonBodyParser(app);

  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const messages = error.validation.map((v) => {
        // A field by its path. "/" is the whole body (or query): one that is not an object, named as such.
        const path = v.instancePath.replace(/^\//, "").replaceAll("/", ".");
        const where = path || (v.instancePath ? (error.validationContext ?? "request") : "");
        return `${where ? `${where}: ` : ""}${v.message ?? "invalid value"}`;
      });
      return reply.status(400).send({ error: `Invalid request: ${messages.join("; ")}`, errors: messages });
    }
    if (error instanceof HttpError) {
      // A 5xx the server answers on purpose (the chain refused a payment, the treasury has no gas) is the
      // operator's to know of, with what caused it: the answer alone left nothing in the log but a status.
      if (error.statusCode >= 500) request.log.warn({ err: error.cause ?? error }, error.message);
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
    // A foreign key whose row another request removed in between (a comment on a post the semester reset
    // deleted): the write is refused, nothing half-written, and the caller is told why.
    if (errorCode(error) === "23503") return reply.status(409).send({ error: messages.input.goneMeanwhile });
    request.log.error(error);
    // A statement past DB_STATEMENT_TIMEOUT_SECONDS (db/statement-timeout.ts): its transaction rolled back.
    if (errorCode(error) === QUERY_CANCELED) {
      return reply.status(503).send({ error: messages.input.databaseTooSlow });
    }
    if (isUnavailable(error)) {
      return reply
        .status(503)
        .send({ error: "A backing service (database or chain) is unavailable. Please try again in a moment." });
    }
    return reply.status(500).send({ error: "Something went wrong on the server. Please try again." });
  });

  // Compression before every route and the static files (its hook must see all their answers).
  await registerCompression(app);
  // Cookies, uploads and rate limits first: the route plugins below rely on them.
  await registerSecurityHeaders(app);
  // Before cookies, bodies and rate limits: a write from another origin is refused unread (CSRF).
  await registerOriginCheck(app);
  await app.register(fastifyCookie);
  await registerMultipart(app);
  await registerRateLimit(app);
  await registerOpenApi(app);
  // Live updates (GET /api/events) and `app.events`, which the routes below publish through.
  await registerEvents(app);
  // The cache of hot public reads, invalidated through the bus above; the routes below opt in by descriptor.
  registerResponseCache(app);
  forgetBalancesOnMoneyEvents(app.events);
  // Each route's full path, schemas and OpenAPI entry come from its shared descriptor (http/endpoint.ts).
  await app.register(configRoutes);
  await app.register(authRoutes);
  await app.register(imageRoutes);
  await app.register(profileRoutes);
  await app.register(postRoutes);
  await app.register(commentRoutes);
  await app.register(projectRoutes);
  await app.register(bountyRoutes);
  await app.register(adminRoutes);
  await app.register(tipRoutes);
  await app.register(relayRoutes);
  await app.register(explorerRoutes);
  await app.register(explorerToolRoutes);
  await app.register(feedRoutes);
  await app.register(predictionRoutes);
  await app.register(leaderboardRoutes);
  await app.register(archiveRoutes);
  await app.register(notificationRoutes);
  await app.register(whitelistRoutes);

  const configuredWeb = deps.config.webDist;
  /** The built web app's folder, when it has an index.html to serve. */
  const webDist =
    configuredWeb !== undefined && existsSync(join(configuredWeb, "index.html")) ? configuredWeb : undefined;
  // The token wallet page's own HTML: the same app, with the wallet's loading screen painted first.
  const hasWalletPage = webDist !== undefined && existsSync(join(webDist, "wallet.html"));
  if (webDist !== undefined) {
    // The build's files are all under assets/ (hashed names, with their .br and .gz twins) except its HTML
    // pages, which the not-found handler below sends for every client route. They are looked up per request,
    // not routed file by file at start: a build written in place while the server runs (an upgrade before its
    // restart) serves its new scripts instead of 404s under the new index.html (a blank page for everyone).
    const assets = resolve(webDist, "assets");
    await app.register(fastifyStatic, {
      root: assets,
      prefix: "/assets/",
      wildcard: true,
      index: false,
      // The build writes file.br and file.gz beside each file (apps/web/precompress.ts): sent as they are.
      preCompressed: true,
      cacheControl: false,
      setHeaders(reply, path) {
        // Vite fingerprints everything under assets/, so it can be cached forever; the HTML pages never.
        reply.header(
          "Cache-Control",
          path.startsWith(assets + sep) ? "public, max-age=31536000, immutable" : "no-cache",
        );
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split("?")[0] ?? "";
    // HEAD too: a page must not be a 404 to the uptime checks and link checkers that ask without the body.
    const read = request.method === "GET" || request.method === "HEAD";
    // A build file that is not there (a tab opened before an upgrade asks for the old build's chunks) is a 404:
    // answered with index.html, the browser refused it as a script and the page never finished loading.
    if (path === "/api" || path.startsWith("/api/") || path.startsWith("/assets/") || webDist === undefined || !read) {
      return reply.status(404).send({ error: `No route ${request.method} ${path}. See /api/docs for the API.` });
    }
    // Client-side routes (/profiles, /wallet, …) all load the single-page app.
    const page = hasWalletPage && isWalletPage(path) ? "wallet.html" : "index.html";
    return reply.header("Cache-Control", "no-cache").sendFile(page, webDist);
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
const rpcUnavailableErrors = [
  "LimitExceededRpcError",
  "ResourceUnavailableRpcError",
  "InternalRpcError",
  "MethodNotSupportedRpcError",
];
/** node-postgres reports a lost or impossible connection with plain Errors (no code). */
const lostConnection = /Connection terminated|timeout exceeded when trying to connect|Client was closed/i;

function isUnavailable(error: Error): boolean {
  return causeChain(error).some(
    (e) =>
      (typeof e.code === "string" && unavailableCodes.includes(e.code)) ||
      e.name === "HttpRequestError" ||
      e.name === "TimeoutError" ||
      // The RPC provider refusing or failing (rate limit, overload, internal error): retry later.
      rpcUnavailableErrors.includes(e.name) ||
      lostConnection.test(e.message),
  );
}
