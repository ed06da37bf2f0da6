/**
 * Security headers on every response. The CSP lets the built web app load only its own scripts (Vite emits
 * no inline script), allows inline styles (React's `style={{…}}`), images from the API and data:/blob:
 * URLs, and connections to the API and to the chain RPC the browser reads directly (`PUBLIC_RPC_URL`).
 * Framing is refused everywhere (clickjacking). The Swagger UI at /api/docs runs an inline bootstrap
 * script, so that prefix alone gets a CSP that allows it. When the site is served over HTTPS (PUBLIC_URL is
 * https://…), `Strict-Transport-Security` tells browsers to use nothing else for a year. API answers without
 * a caching policy of their own get `Cache-Control: no-store`.
 */
import type { FastifyInstance } from "fastify";
import type { Config } from "../config";
import { DOCS_PREFIX } from "./openapi";

export function contentSecurityPolicy(config: Pick<Config, "publicRpcUrl">, options: { docs?: boolean } = {}): string {
  const rpcOrigin = rpcOriginOf(config.publicRpcUrl);
  const connect = ["'self'", ...(rpcOrigin ? [rpcOrigin] : [])].join(" ");
  const script = options.docs ? "'self' 'unsafe-inline'" : "'self'";
  return [
    "default-src 'self'",
    `script-src ${script}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    `connect-src ${connect}`,
    "object-src 'none'",
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "form-action 'self'",
  ].join("; ");
}

function rpcOriginOf(url: string): string | null {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  const appPolicy = contentSecurityPolicy(app.deps.config);
  const docsPolicy = contentSecurityPolicy(app.deps.config, { docs: true });
  const https = app.deps.config.publicUrl.startsWith("https://");
  app.addHook("onSend", async (request, reply) => {
    const path = request.url.split("?")[0] ?? "";
    const docs = path === DOCS_PREFIX || path.startsWith(`${DOCS_PREFIX}/`);
    reply.header("Content-Security-Policy", docs ? docsPolicy : appPolicy);
    reply.header("X-Content-Type-Options", "nosniff");
    reply.header("X-Frame-Options", "DENY");
    reply.header("Referrer-Policy", "strict-origin-when-cross-origin");
    if (https) reply.header("Strict-Transport-Security", "max-age=31536000");
    // An API answer that set no caching policy of its own (the response cache's public reads and the images
    // do) is not for anyone else to keep: admin reads carry the Feed's authors and open rounds' predictions,
    // a session's reads its own data. Without a policy, a proxy or the browser's cache could store them.
    if (path.startsWith("/api/") && !reply.hasHeader("cache-control")) reply.header("Cache-Control", "no-store");
  });
}
