/**
 * Every admin call is declared through `adminGet`/`adminPost` with its shared descriptor
 * (packages/shared/src/endpoints): they put the signed-message check in front of the handler (before body
 * validation, so an unsigned caller learns nothing about the body rules) and hand the handler the grant whose
 * `consume` records the message in the action's own transaction. Each feature lists its admin calls in its
 * `admin-routes.ts`; features/admin/routes.ts mounts them all, and the tests derive their refusal matrix from
 * that table.
 */
import type { AdminMethod } from "@classcoin/shared/admin";
import type { Endpoint } from "@classcoin/shared/endpoint";
import type { AdminCallFields } from "@classcoin/shared/endpoints/admin-call";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { z } from "zod";
import type { AppDeps } from "../deps";
import type { EventBus } from "../events/bus";
import { type EndpointAnswer, registerEndpoint } from "../http/endpoint";
import { rateLimitConfig } from "../http/rate-limit";
import { type AdminGrant, adminRequestParts, verifyAdminRequest } from "./admin";
import { adminSessionReadGrant } from "./admin-session";
import { allowedOrigins } from "./origin";

const ADMIN_PREFIX = "/api/admin";

/**
 * Requests per minute to the admin calls, per wallet session or else per client IP (http/rate-limit.ts),
 * counted before the signature is looked at: the admin panel's busiest minute is far below it, and an
 * anonymous caller cannot make the server check signatures (a contract admin wallet's cost an RPC call) at will.
 */
export const ADMIN_CALLS_PER_MINUTE = 300;
const adminRateLimit = rateLimitConfig(ADMIN_CALLS_PER_MINUTE, "1 minute");

export interface AdminRoute {
  method: AdminMethod;
  /** Relative to /api/admin, e.g. "/dashboard/:wallet" or "/bounties/cross-out". */
  path: string;
  endpoint: Endpoint;
  register(app: FastifyInstance): void;
}

interface AdminContext<Body> {
  deps: AppDeps;
  /** Live updates: publish what the action changed (events/). */
  events: EventBus;
  grant: AdminGrant;
  body: Body;
}

type AdminGetEndpoint = Endpoint<"GET", `${typeof ADMIN_PREFIX}/${string}`>;
type AdminPostEndpoint = Endpoint<"POST", `${typeof ADMIN_PREFIX}/${string}`, undefined, undefined, z.ZodObject>;
/** The POST's own fields, as its body schema parsed them, without the authentication fields. */
type AdminFields<E> = E extends { body: infer B extends z.ZodType } ? AdminCallFields<z.output<B>> : never;

function guard(method: AdminMethod, path: string) {
  return async (request: FastifyRequest) => {
    const { config, chain, database } = request.server.deps;
    if (method === "GET") {
      // Issue 14: a read without a signed message may be authorised by the admin's sign-in session.
      const bySession = await adminSessionReadGrant(request, path, config.adminWallet);
      if (bySession) {
        request.adminGrant = bySession;
        return;
      }
    }
    request.adminGrant = await verifyAdminRequest(database.db, adminRequestParts(request, method), method, path, {
      adminWallet: config.adminWallet,
      chain,
      sites: allowedOrigins(config),
      site: new URL(config.publicUrl).origin,
    });
  };
}

function grantOf(request: FastifyRequest): AdminGrant {
  // The guard ran as preValidation; reaching the handler without a grant would be a wiring bug.
  if (!request.adminGrant) throw new Error("admin route reached without a verified admin grant");
  return request.adminGrant;
}

function relativePath(endpoint: Endpoint): string {
  if (!endpoint.path.startsWith(`${ADMIN_PREFIX}/`) || endpoint.access !== "admin") {
    throw new Error(`${endpoint.method} ${endpoint.path} is not an admin endpoint`);
  }
  return endpoint.path.slice(ADMIN_PREFIX.length);
}

export function adminGet<E extends AdminGetEndpoint>(
  endpoint: E,
  handler: (ctx: AdminContext<undefined>) => Promise<EndpointAnswer<E>>,
): AdminRoute {
  const path = relativePath(endpoint);
  return {
    method: "GET",
    path,
    endpoint,
    register(app) {
      registerEndpoint(app, endpoint, {
        config: adminRateLimit,
        preValidation: guard("GET", path),
        handler: (request) => handler({ deps: app.deps, events: app.events, grant: grantOf(request), body: undefined }),
      });
    },
  };
}

export function adminPost<E extends AdminPostEndpoint>(
  endpoint: E,
  handler: (ctx: AdminContext<AdminFields<E>>) => Promise<EndpointAnswer<E>>,
): AdminRoute {
  const path = relativePath(endpoint);
  return {
    method: "POST",
    path,
    endpoint,
    register(app) {
      registerEndpoint(app, endpoint, {
        config: adminRateLimit,
        preValidation: guard("POST", path),
        handler: (request) => {
          // Validated against the descriptor's body (its fields plus adminWallet, message, signature).
          const body = request.body as unknown as Record<string, unknown>;
          const { adminWallet: _wallet, message: _message, signature: _signature, ...fields } = body;
          return handler({
            deps: app.deps,
            events: app.events,
            grant: grantOf(request),
            body: fields as AdminFields<E>,
          });
        },
      });
    },
  };
}
