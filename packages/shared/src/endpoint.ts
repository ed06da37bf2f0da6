/**
 * One contract per endpoint: the method, path and every shape of an HTTP call, declared once here and used by
 * both sides. The API registers its route from the descriptor (validation, serialization, OpenAPI, the
 * authorization matrix's access class); the web app calls it through its typed client with the same
 * descriptor, so no request or response is typed by hand anywhere.
 */
import { z } from "zod";

export type HttpMethod = "GET" | "POST";

/**
 * Who may call an endpoint; the security suites read it from the descriptor so a route cannot go unclassified.
 * - `public-read`: anyone; it reads public data.
 * - `auth`: sign-in and sign-out, open by design and guarded by the SIWE checks.
 * - `session-write`: needs a session whose wallet is the acting wallet.
 * - `session-read`: needs a session; reads (or marks as read) the session wallet's own data, so it names no
 *   acting wallet (the notifications).
 * - `admin`: needs a fresh message signed by the admin wallet (spec §6–§7).
 */
export type AccessClass = "public-read" | "auth" | "session-write" | "session-read" | "admin";

/**
 * What an answer of the API's response cache (apps/api/src/http/response-cache.ts) is filed under: a write
 * that changes some of those answers invalidates their tag (through the live event it causes, on every
 * instance, or `invalidates` on the instance that served it).
 */
export type CacheTag =
  | "posts"
  | "comments"
  | "profiles"
  | "projects"
  | "bounties"
  | "explorer"
  | "leaderboard"
  | "archives"
  | "config";

export interface Endpoint<
  Method extends HttpMethod = HttpMethod,
  Path extends string = string,
  Params extends z.ZodType | undefined = z.ZodType | undefined,
  Query extends z.ZodType | undefined = z.ZodType | undefined,
  Body extends z.ZodType | undefined = z.ZodType | undefined,
  Response extends z.ZodType | undefined = z.ZodType | undefined,
> {
  method: Method;
  /** Full path with Fastify-style parameters, e.g. `/api/projects/:projectNumber/:wallet`. */
  path: Path;
  access: AccessClass;
  /** OpenAPI tag and one-line summary. */
  tag: string;
  summary: string;
  description?: string;
  params?: Params;
  query?: Query;
  /** JSON body schema; for `bodyKind: "multipart"` it describes the form's text fields. */
  body?: Body;
  bodyKind?: "json" | "multipart";
  /** For `bodyKind: "multipart"`: the name of the form's (single, optional) file field. */
  fileField?: string;
  /** The success status; 200 unless said otherwise (a created profile answers 201). */
  successStatus?: 200 | 201;
  /** The success answer; undefined for endpoints that answer bytes (images). */
  response?: Response;
  /** Error statuses this endpoint answers, each with the `{error, errors?}` shape. */
  errorStatuses?: readonly number[];
  /**
   * A `public-read` GET whose answer is the same for every caller (it reads no session or cookie): the API
   * keeps its serialized answers in the response cache under these tags. Never set on an answer that
   * depends on who asks (the API refuses to register one on any other access class).
   */
  cache?: readonly CacheTag[];
  /**
   * A write whose change reaches other instances only through a trigger's live event (NOTIFY, which is
   * asynchronous): these tags are invalidated on the instance that served it before it answers, so the
   * writer reads its own write.
   */
  invalidates?: readonly CacheTag[];
}

/**
 * Every error answer of the API: `error` says what went wrong; `errors` lists each failed rule of a form
 * (the spec's client shows them one per line).
 */
export const apiErrorSchema = z.object({ error: z.string(), errors: z.array(z.string()).optional() });
export type ApiError = z.infer<typeof apiErrorSchema>;

/** Keeps the literal types of a descriptor (method, path, schemas) for both sides' inference. */
export function defineEndpoint<const E extends Endpoint>(endpoint: E): E {
  return endpoint;
}

type Out<S> = S extends z.ZodType ? z.output<S> : undefined;
type In<S> = S extends z.ZodType ? z.input<S> : undefined;

/** What a caller sends: path parameters, query and body as the schemas accept them. */
export type EndpointParams<E extends Endpoint> = In<E["params"]>;
export type EndpointQuery<E extends Endpoint> = In<E["query"]>;
export type EndpointBody<E extends Endpoint> = In<E["body"]>;
/** What the endpoint answers with 200, as parsed by its schema. */
export type EndpointResponse<E extends Endpoint> = Out<E["response"]>;

/** `/api/projects/:projectNumber/:wallet` + `{projectNumber: 1, wallet}` → `/api/projects/1/0xabc…`. */
export function endpointUrl(path: string, params: Record<string, unknown> | undefined): string {
  return path.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === null) throw new Error(`Missing path parameter "${name}" for ${path}`);
    return encodeURIComponent(String(value));
  });
}
