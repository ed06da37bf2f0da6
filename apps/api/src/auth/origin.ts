/**
 * Cross-site request forgery guard. The session cookie is SameSite=Lax, which stops other SITES but not
 * other origins of the same site: a page on another localhost port, or in production on any subdomain of
 * the site's registrable domain, could post a multipart or text/plain form (no CORS preflight) with the
 * user's cookie. So every request that is not GET/HEAD/OPTIONS must come from the site's own origin:
 *
 * - with an `Origin` header (every browser sends one on a POST, same-origin included), it must be
 *   `PUBLIC_URL`'s origin; on the local chain also that port under another loopback name (127.0.0.1,
 *   [::1]) and the Vite dev server (`npm run dev`, port 5174, which proxies /api and keeps the Origin);
 * - without one, a browser's `Sec-Fetch-Site` must be `same-origin` or `none` (typed, bookmarked);
 * - with neither header the caller is not a browser (curl, a server, the tests' `app.inject`): there is
 *   no ambient cookie to abuse, so it is allowed. Such callers still need a session or admin signature.
 *
 * Refusals are 403 with a message that names the address to use, before the body is read.
 */
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { Config } from "../config";
import { forbidden } from "../http-errors";

/** The Vite dev server's port (apps/web/vite.config.ts, strictPort): it proxies /api to a running stack. */
export const DEV_SERVER_PORT = 5174;

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
const LOOPBACK_HOSTS = ["localhost", "127.0.0.1", "[::1]"];

export const originErrors = {
  foreign: (site: string) =>
    `This request came from another site or address and was refused, to protect your account. Open ${site} and try again from there.`,
} as const;

/** Every origin allowed to write, as `scheme://host[:port]` strings. */
export function allowedOrigins(config: Pick<Config, "publicUrl" | "chain">): Set<string> {
  const site = new URL(config.publicUrl);
  const allowed = new Set([site.origin]);
  if (config.chain === "local") {
    const port = site.port || (site.protocol === "https:" ? "443" : "80");
    const loopbackSite = LOOPBACK_HOSTS.includes(site.hostname);
    for (const host of LOOPBACK_HOSTS) {
      if (loopbackSite) allowed.add(new URL(`${site.protocol}//${host}:${port}`).origin);
      allowed.add(`http://${host}:${DEV_SERVER_PORT}`);
    }
  }
  return allowed;
}

/** Whether a request may write: its Origin is ours, or its Sec-Fetch-Site says same-origin, or neither is sent. */
export function isSameOriginRequest(request: FastifyRequest, allowed: Set<string>): boolean {
  if (SAFE_METHODS.has(request.method)) return true;
  const origin = request.headers.origin;
  if (origin !== undefined) return allowed.has(origin.toLowerCase());
  const fetchSite = request.headers["sec-fetch-site"];
  if (fetchSite !== undefined) return fetchSite === "same-origin" || fetchSite === "none";
  return true;
}

export async function registerOriginCheck(app: FastifyInstance): Promise<void> {
  const { config } = app.deps;
  const allowed = allowedOrigins(config);
  const site = new URL(config.publicUrl).origin;
  app.addHook("onRequest", async (request) => {
    if (!isSameOriginRequest(request, allowed)) throw forbidden(originErrors.foreign(site));
  });
}
