/**
 * Every route the app serves, read from Fastify's own router (`printRoutes`), and the access class of each,
 * taken from the route's shared descriptor (packages/shared/src/endpoints). The security tests iterate this
 * list, so a route added without a descriptor fails them instead of going untested.
 */
import type { AccessClass, Endpoint } from "@classcoin/shared/endpoint";
import { allEndpoints } from "@classcoin/shared/endpoints/all";
import type { FastifyInstance } from "fastify";
import { DOCS_PREFIX } from "../http/openapi";

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

const declared = new Map(allEndpoints.map((e) => [routeKey(e), e.access]));

function routeKey(route: ServedRoute | Endpoint): string {
  return "url" in route ? `${route.method} ${route.url}` : `${route.method} ${route.path}`;
}

/** The OpenAPI document and its UI (@fastify/swagger-ui) have no descriptor: they are public reads. */
const isDocs = (route: ServedRoute) =>
  route.method === "GET" && (route.url === DOCS_PREFIX || route.url.startsWith(`${DOCS_PREFIX}/`));

/** The class of a route, from its descriptor; null when it has none (the tests fail on null). */
export function accessClass(route: ServedRoute): AccessClass | null {
  return declared.get(routeKey(route)) ?? (isDocs(route) ? "public-read" : null);
}

/** Descriptors whose route the app does not serve (a descriptor left behind, or a route registered elsewhere). */
export function unservedEndpoints(routes: readonly ServedRoute[]): string[] {
  const served = new Set(routes.map(routeKey));
  return allEndpoints.map(routeKey).filter((key) => !served.has(key));
}
