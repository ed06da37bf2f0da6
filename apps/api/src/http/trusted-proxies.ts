/**
 * Which connections may tell the server a client's IP (X-Forwarded-For). The sign-in limits are keyed by
 * that IP, so whoever is trusted can pick any key. The default trusts only this machine (a reverse proxy
 * here, as the README's nginx and Caddy set-ups run): a class's server is often reached over the school's
 * private network, where every student's laptop has a private address; trusting private networks would let
 * any of them forge an IP per request, directly or through the proxy (the proxy appends, the forged part
 * stays on the left). A proxy on another machine is named in TRUSTED_PROXIES.
 */
import { isIP } from "node:net";
import type { FastifyInstance } from "fastify";

/** proxy-addr's (Fastify's) names for address ranges. */
const RANGE_NAMES = new Set(["loopback", "linklocal", "uniquelocal"]);

export const DEFAULT_TRUSTED_PROXIES = ["loopback"];

/** The entries of TRUSTED_PROXIES (comma-separated), or the one that is not an address, range or name. */
export function parseTrustedProxies(value: string): { entries: string[] } | { invalid: string } {
  const entries = value
    .split(",")
    .map((e) => e.trim())
    .filter((e) => e !== "");
  for (const entry of entries) if (!validEntry(entry)) return { invalid: entry };
  return { entries };
}

function validEntry(entry: string): boolean {
  if (RANGE_NAMES.has(entry)) return true;
  const [address = "", prefix, ...rest] = entry.split("/");
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (version === 4 ? 32 : 128);
}

/**
 * Logs once when a request carries X-Forwarded-For from an address not trusted: behind a proxy that was not
 * named, every client counts as the proxy's one IP (and 40 sign-ins an hour would stop a class).
 */
export function warnOnUntrustedForwarding(app: FastifyInstance): void {
  let warned = false;
  app.addHook("onRequest", async (request) => {
    if (warned || request.headers["x-forwarded-for"] === undefined) return;
    const from = request.socket.remoteAddress;
    if (from === undefined || request.ip !== from) return;
    warned = true;
    request.log.warn(
      `X-Forwarded-For came from ${from}, which is not in TRUSTED_PROXIES, so the header is ignored and the client IP is ${from}. If ${from} is your reverse proxy, add it to TRUSTED_PROXIES; otherwise a client sent the header to pick its own IP.`,
    );
  });
}
