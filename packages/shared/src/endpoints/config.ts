/** The configuration the browser needs (chain, token, admin wallet) and the health check. */
import { healthLiveSchema, healthReadySchema, healthSchema, publicConfigSchema } from "../api-meta";
import { defineEndpoint } from "../endpoint";

export const configEndpoints = {
  config: defineEndpoint({
    method: "GET",
    path: "/api/config",
    access: "public-read",
    cache: ["config"],
    tag: "config",
    summary: "Chain, token and admin settings the web app runs with",
    response: publicConfigSchema,
  }),
  health: defineEndpoint({
    method: "GET",
    path: "/api/health",
    access: "public-read",
    tag: "config",
    summary: "Whether the API reaches its chain and database",
    response: healthSchema,
    errorStatuses: [503],
  }),
  healthLive: defineEndpoint({
    method: "GET",
    path: "/api/health/live",
    access: "public-read",
    tag: "config",
    summary: "Liveness: the process is up (checks nothing else)",
    response: healthLiveSchema,
  }),
  healthReady: defineEndpoint({
    method: "GET",
    path: "/api/health/ready",
    access: "public-read",
    tag: "config",
    summary: "Readiness: the database answers (503 if not); the chain RPC answers or the status says degraded",
    response: healthReadySchema,
    errorStatuses: [503],
  }),
} as const;
