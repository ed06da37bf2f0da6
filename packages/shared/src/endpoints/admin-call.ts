/**
 * Descriptors of admin calls (spec §6–§7). Every admin GET takes the admin wallet in the path and the signed
 * `message` and `signature` in the query; every admin POST takes its fields plus `adminWallet`, `message` and
 * `signature` in the body. The fields are the signed message's extras (see `buildAdminMessage`).
 */
import { z } from "zod";
import { adminAuthSchema, adminQuerySchema, adminWalletParamsSchema } from "../admin";
import { type CacheTag, defineEndpoint } from "../endpoint";

/**
 * Query of an admin GET: the signed `message` and `signature` (spec §7), or neither when the request carries
 * the admin's sign-in session (issue 14: reads cost no wallet prompt once the admin has signed in).
 */
export const adminReadQuerySchema = z.object({
  message: adminQuerySchema.shape.message.optional(),
  signature: adminQuerySchema.shape.signature.optional(),
});

/** Every admin call can be refused by the signed-message check (403) or for a malformed request (400). */
const ADMIN_ERRORS = [400, 403] as const;

export function adminGetEndpoint<const Path extends `/api/admin/${string}/:wallet`, Response extends z.ZodType>(spec: {
  path: Path;
  tag: string;
  summary: string;
  response: Response;
}) {
  return defineEndpoint({
    method: "GET",
    path: spec.path,
    access: "admin",
    tag: spec.tag,
    summary: spec.summary,
    params: adminWalletParamsSchema,
    query: adminReadQuerySchema,
    response: spec.response,
    errorStatuses: ADMIN_ERRORS,
  });
}

export function adminPostEndpoint<
  const Path extends `/api/admin/${string}`,
  Shape extends z.ZodRawShape,
  Response extends z.ZodType,
>(spec: {
  path: Path;
  tag: string;
  summary: string;
  /** The call's own fields: what the signed message's extras must equal. */
  fields: z.ZodObject<Shape>;
  response: Response;
  /** Statuses beyond 400 and 403 (404 for an unknown target, 409 for a duplicate, …). */
  errorStatuses?: readonly number[];
  /** Response-cache tags invalidated on the serving instance before it answers (see `Endpoint.invalidates`). */
  invalidates?: readonly CacheTag[];
}) {
  return defineEndpoint({
    method: "POST",
    path: spec.path,
    access: "admin",
    tag: spec.tag,
    summary: spec.summary,
    body: spec.fields.extend(adminAuthSchema.shape),
    response: spec.response,
    errorStatuses: [...ADMIN_ERRORS, ...(spec.errorStatuses ?? [])],
    ...(spec.invalidates ? { invalidates: spec.invalidates } : {}),
  });
}

/** The fields of an admin POST without its authentication: what a caller fills in and signs. */
export type AdminCallFields<Body> = Omit<Body, keyof z.input<typeof adminAuthSchema>>;
