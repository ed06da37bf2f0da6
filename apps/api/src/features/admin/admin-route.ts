/**
 * Every admin call is declared through `adminGet`/`adminPost`, which put the signed-message check in front
 * of the handler (before body validation, so an unsigned caller learns nothing about the body rules) and
 * hand the handler the grant whose `consume` records the message in the action's own transaction. The
 * declarations form a table (`routes.ts`), from which the tests derive their refusal matrix.
 */
import { type AdminMethod, adminAuthSchema, adminQuerySchema, adminWalletParamsSchema } from "@classcoin/shared/admin";
import type { FastifyInstance, FastifyRequest, FastifySchema } from "fastify";
import type { z } from "zod";
import type { AppDeps } from "../../app";
import { type AdminGrant, adminRequestParts, verifyAdminRequest } from "../../auth/admin";

export interface AdminRoute {
  method: AdminMethod;
  /** Relative to /api/admin, e.g. "/dashboard/:wallet" or "/bounties/cross-out". */
  path: string;
  summary: string;
  register(app: FastifyInstance): void;
}

export interface AdminContext<Body> {
  deps: AppDeps;
  grant: AdminGrant;
  body: Body;
}

function guard(method: AdminMethod, path: string) {
  return async (request: FastifyRequest) => {
    const { config, chain, database } = request.server.deps;
    request.adminGrant = await verifyAdminRequest(database.db, adminRequestParts(request, method), method, path, {
      adminWallet: config.adminWallet,
      chain,
    });
  };
}

function grantOf(request: FastifyRequest): AdminGrant {
  // The guard ran as preValidation; reaching the handler without a grant would be a wiring bug.
  if (!request.adminGrant) throw new Error("admin route reached without a verified admin grant");
  return request.adminGrant;
}

export function adminGet<Response extends z.ZodType>(
  path: string,
  spec: { summary: string; response: Response; handler(ctx: AdminContext<undefined>): Promise<z.input<Response>> },
): AdminRoute {
  return {
    method: "GET",
    path,
    summary: spec.summary,
    register(app) {
      // Typed by the spec's generics rather than by the type provider, which cannot resolve generic schemas.
      const schema: FastifySchema = {
        tags: ["admin"],
        summary: spec.summary,
        params: adminWalletParamsSchema,
        querystring: adminQuerySchema,
        response: { 200: spec.response },
      };
      app.get(
        path,
        {
          schema,
          preValidation: guard("GET", path),
        },
        async (request) => spec.handler({ deps: app.deps, grant: grantOf(request), body: undefined }),
      );
    },
  };
}

export function adminPost<Body extends z.ZodObject, Response extends z.ZodType>(
  path: string,
  spec: {
    summary: string;
    body: Body;
    response: Response;
    handler(ctx: AdminContext<z.output<Body>>): Promise<z.input<Response>>;
  },
): AdminRoute {
  const bodyWithAuth = spec.body.extend(adminAuthSchema.shape);
  return {
    method: "POST",
    path,
    summary: spec.summary,
    register(app) {
      const schema: FastifySchema = {
        tags: ["admin"],
        summary: spec.summary,
        body: bodyWithAuth,
        response: { 200: spec.response },
      };
      app.post(
        path,
        {
          schema,
          preValidation: guard("POST", path),
        },
        async (request) => {
          // Validated against bodyWithAuth before the handler runs.
          const {
            adminWallet: _wallet,
            message: _message,
            signature: _signature,
            ...fields
          } = request.body as z.output<typeof bodyWithAuth>;
          return spec.handler({ deps: app.deps, grant: grantOf(request), body: fields as z.output<Body> });
        },
      );
    },
  };
}
