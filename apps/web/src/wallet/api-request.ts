/**
 * The one way the web app talks to its API: same-origin fetch with the session cookie, answers parsed by the
 * shared zod schemas, and failures sorted into what the spec's error catalogue tells apart (§8): a response
 * with `{error, errors?}` (ApiError) or no response at all (NetworkError).
 */
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

async function send(path: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(path, { credentials: "same-origin", ...init });
  } catch (error) {
    throw new NetworkError(error);
  }
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
  const message = typeof body.error === "string" ? body.error : text.slice(0, 200) || `HTTP ${res.status}`;
  return new ApiError(res.status, message, errors);
}

async function parse<T extends z.ZodType>(res: Response, schema: T): Promise<z.output<T>> {
  if (!res.ok) throw await readError(res);
  return schema.parse(await res.json());
}

export async function apiGet<T extends z.ZodType>(path: string, schema: T): Promise<z.output<T>> {
  return parse(await send(path, { headers: { accept: "application/json" } }), schema);
}

/** GET that answers null on 404 (spec §7: "404 means none"). */
export async function apiGetOrNull<T extends z.ZodType>(path: string, schema: T): Promise<z.output<T> | null> {
  const res = await send(path, { headers: { accept: "application/json" } });
  if (res.status === 404) return null;
  return parse(res, schema);
}

export async function apiPost<T extends z.ZodType>(path: string, body: unknown, schema: T): Promise<z.output<T>> {
  const init: RequestInit =
    body instanceof FormData
      ? { method: "POST", body }
      : { method: "POST", body: JSON.stringify(body), headers: { "content-type": "application/json" } };
  return parse(await send(path, init), schema);
}
