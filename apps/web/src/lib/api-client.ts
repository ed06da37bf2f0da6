/**
 * The one way the web app talks to its API: `callApi(endpoint, input)` with a descriptor from
 * `@classcoin/shared/endpoints/<entity>` builds the URL from the path parameters and the query, sends the body
 * as JSON (or as a multipart form with the descriptor's file field), and parses the answer with the
 * descriptor's response schema; so no request or answer is typed by hand. Same-origin, with the session
 * cookie. Failures are sorted into what the spec's error catalogue tells apart (§8): an answer with
 * `{error, errors?}` (ApiError) or no answer at all (NetworkError).
 *
 *     const post = await callApi(postEndpoints.vote, { body: { postId, type, voterWallet } });
 *     const own = await orNullWhenNotFound(callApi(projectEndpoints.own, { params: { projectNumber, wallet } }));
 *
 * Admin calls add a signature: see `callAdmin` in lib/admin/admin-call.ts.
 */
import { type Endpoint, endpointUrl } from "@classcoin/shared/endpoint";
import type { z } from "zod";

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** The validation messages of a `{errors: [...]}` body, when the server sent them. */
    readonly errors: string[] | undefined,
  ) {
    super(message);
    this.name = "ApiError";
  }
}

export class NetworkError extends Error {
  constructor(cause: unknown) {
    super("The server could not be reached", { cause });
    this.name = "NetworkError";
  }
}

/** What a part of the call (`params`, `query`, `body`) takes: its schema's input, or nothing without one. */
type Part<E, K extends string> = E extends { [P in K]: infer S extends z.ZodType } ? z.input<S> : undefined;

/** One part of the input: required when its schema requires something, optional when it accepts `{}`. */
type Slot<E, K extends string> = E extends { [P in K]: z.ZodType }
  ? object extends Part<E, K>
    ? { [P in K]?: Part<E, K> }
    : { [P in K]: Part<E, K> }
  : { [P in K]?: undefined };

/** The input of a call: each part the descriptor declares, and the file of a multipart form. */
export type CallInput<E extends Endpoint> = Slot<E, "params"> &
  Slot<E, "query"> &
  Slot<E, "body"> &
  (E extends { fileField: string } ? { file?: File | null } : { file?: undefined });

/** The body a call sends, as its schema accepts it. */
export type CallBody<E extends Endpoint> = Part<E, "body">;

/** The parsed answer of a call. */
export type CallResult<E extends Endpoint> = E extends { response: infer S extends z.ZodType }
  ? z.output<S>
  : undefined;

/** The input may be left out when nothing in it is required (`callApi(postEndpoints.list)`). */
type InputArgument<E extends Endpoint> = object extends CallInput<E> ? [input?: CallInput<E>] : [input: CallInput<E>];

export async function callApi<E extends Endpoint>(endpoint: E, ...[input]: InputArgument<E>): Promise<CallResult<E>> {
  return sendCall(endpoint, input as CallParts | undefined);
}

/** The parts of a call as `buildRequest` takes them, unchecked (`callApi` checks them against the descriptor). */
export interface CallParts {
  params?: Record<string, unknown>;
  query?: Record<string, unknown>;
  body?: Record<string, unknown>;
  file?: File | null;
}

/** `callApi` for a caller that builds the parts itself (the signed admin calls, lib/admin/admin-call.ts). */
export async function sendCall<E extends Endpoint>(endpoint: E, parts?: CallParts): Promise<CallResult<E>> {
  const { url, init } = buildRequest(endpoint, parts);
  let res: Response;
  try {
    res = await fetch(url, init);
  } catch (error) {
    throw new NetworkError(error);
  }
  return readAnswer(endpoint, res);
}

/** The answer of a call, or null when the server answers 404 (spec §7: "404 means none"). */
export async function orNullWhenNotFound<T>(call: Promise<T>): Promise<T | null> {
  try {
    return await call;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

/** The URL and fetch options of a call (same-origin, with the session cookie). */
export function buildRequest(endpoint: Endpoint, parts: CallParts = {}): { url: string; init: RequestInit } {
  const { params, query, body, file } = parts;
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null) search.append(key, String(value));
  }
  const url = endpointUrl(endpoint.path, params) + (search.toString() ? `?${search}` : "");
  const init: RequestInit = { credentials: "same-origin" };
  if (endpoint.method === "GET") return { url, init: { ...init, headers: { accept: "application/json" } } };
  if (!endpoint.body) return { url, init: { ...init, method: "POST" } };
  if (endpoint.bodyKind !== "multipart") {
    const headers = { "content-type": "application/json" };
    return { url, init: { ...init, method: "POST", body: JSON.stringify(body), headers } };
  }
  const form = new FormData();
  for (const [key, value] of Object.entries(body ?? {})) {
    if (value !== undefined && value !== null) form.set(key, String(value));
  }
  if (file && endpoint.fileField) form.set(endpoint.fileField, file);
  return { url, init: { ...init, method: "POST", body: form } };
}

/** The answer parsed by the endpoint's response schema, or the server's `{error, errors?}` as an ApiError. */
export async function readAnswer<E extends Endpoint>(endpoint: E, res: Response): Promise<CallResult<E>> {
  if (!res.ok) throw await readError(res);
  const json: unknown = await res.json();
  return (endpoint.response ? endpoint.response.parse(json) : undefined) as CallResult<E>;
}

async function readError(res: Response): Promise<ApiError> {
  const text = await res.text().catch(() => "");
  let body: { error?: unknown; errors?: unknown } = {};
  try {
    body = JSON.parse(text) as typeof body;
  } catch {
    // Not JSON (a proxy's HTML page, say): the status line is all there is to say.
  }
  const errors = Array.isArray(body.errors) ? body.errors.filter((e): e is string => typeof e === "string") : undefined;
  // Never the page itself: alerts showed "Post failed: <html><head><title>503…" from a proxy.
  const message = typeof body.error === "string" ? body.error : unansweredMessage(res.status);
  return new ApiError(res.status, message, errors);
}

/** What an answer without our JSON error says: the status, and what to do. */
export function unansweredMessage(status: number): string {
  return status === 429
    ? `Too many requests (HTTP 429). Please wait a minute and try again.`
    : `The server did not answer normally (HTTP ${status}). Please try again in a moment.`;
}
