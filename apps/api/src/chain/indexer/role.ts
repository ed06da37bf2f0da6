/** What this instance's indexer is doing, for `/api/health/ready` and the start-up log. */
import type { FastifyInstance } from "fastify";

/**
 * `leader`: this instance indexes; `standby`: another instance holds the leader lock and this one waits for
 * it; `starting`: electing (or reconnecting); `off`: INDEXER=false or no TOKEN_ADDRESS.
 */
export type IndexerRole = "leader" | "standby" | "starting" | "off";

/** Keyed by the app's dependencies: every plugin context of one app shares them (not its instance object). */
const roles = new WeakMap<object, () => IndexerRole>();

export function reportIndexerRole(app: FastifyInstance, role: () => IndexerRole): void {
  roles.set(app.deps, role);
}

export function indexerRole(app: FastifyInstance): IndexerRole {
  return roles.get(app.deps)?.() ?? "off";
}
