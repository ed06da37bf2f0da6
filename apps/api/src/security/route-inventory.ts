/**
 * Every route the app serves, read from Fastify's own router (`printRoutes`), and the access class of each.
 * The security tests iterate this list, so a route added without a class fails them instead of going
 * untested.
 */
import type { FastifyInstance } from "fastify";
import { adminRouteTable } from "../features/admin/routes";

export interface ServedRoute {
  method: string;
  url: string;
}

/** Parses `printRoutes({ commonPrefix: false })`: a tree whose lines are `<indent>── <segment> (METHODS)`. */
export function servedRoutes(app: FastifyInstance): ServedRoute[] {
  const stack: string[] = [];
  const routes: ServedRoute[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split("\n")) {
    const match = /^(.*?)[├└]── (.+?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!match) continue;
    const depth = [...(match[1] ?? "")].length / 4;
    stack.length = depth;
    stack.push(match[2] ?? "");
    for (const method of (match[3] ?? "").split(",").map((m) => m.trim())) {
      if (method && method !== "HEAD") routes.push({ method, url: stack.join("") });
    }
  }
  return routes;
}

export type AccessClass =
  /** Anyone may call it: it reads public data or the OpenAPI document. */
  | "public-read"
  /** Sign-in and sign-out: open by design, guarded by the SIWE checks (auth.test.ts). */
  | "auth"
  /** A user write: needs a session whose wallet is the acting wallet. */
  | "session-write"
  /** An admin call: needs a fresh, unused message signed by the admin wallet. */
  | "admin";

const sessionWrites = new Set([
  "POST /api/profiles",
  "POST /api/profiles/update",
  "POST /api/posts",
  "POST /api/posts/vote",
  "POST /api/projects",
  "POST /api/projects/send-coin",
]);
const authRoutes = new Set(["POST /api/auth/verify", "POST /api/auth/logout"]);
/** Public reads that live under /api/admin (the spec's bounty list for everyone). */
const publicUnderAdmin = new Set(["GET /api/admin/public/bounties"]);
const adminRoutes = new Set(adminRouteTable.map((r) => `${r.method} /api/admin${r.path}`));

/** The class of a route, or null when nobody has decided it (the tests fail on null). */
export function accessClass(route: ServedRoute): AccessClass | null {
  const key = `${route.method} ${route.url}`;
  if (adminRoutes.has(key)) return "admin";
  if (sessionWrites.has(key)) return "session-write";
  if (authRoutes.has(key)) return "auth";
  if (publicUnderAdmin.has(key)) return "public-read";
  if (route.method === "GET" && !route.url.startsWith("/api/admin")) return "public-read";
  return null;
}
