/**
 * Liveness and readiness for process supervisors and load balancers.
 * - `/api/health/live`: the process answers; nothing else is checked (restart it only if this fails).
 * - `/api/health/ready`: the database answers a query (else 503: take this instance out of rotation); the
 *   chain RPC answers, or the status is `degraded` (every instance shares the RPC, so dropping them all
 *   would not help). Says whether this instance leads the indexer. While shutting down, Fastify answers 503.
 * One check runs at a time and its result serves for a second, so probes cannot flood the RPC provider.
 */
import type { HealthReady } from "@classcoin/shared/api-meta";
import { configEndpoints } from "@classcoin/shared/endpoints/config";
import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { indexerRole } from "../../chain/indexer/role";
import { registerEndpoint } from "../../http/endpoint";
import { HttpError } from "../../http-errors";

const CHECK_TIMEOUT_MS = 3_000;
const RESULT_REUSE_MS = 1_000;

type Check = HealthReady["database"];

async function timed(work: () => Promise<unknown>, what: string): Promise<Check> {
  const started = performance.now();
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      work(),
      new Promise((_, reject) => {
        timer = setTimeout(
          () => reject(new Error(`${what} did not answer within ${CHECK_TIMEOUT_MS / 1000} s`)),
          CHECK_TIMEOUT_MS,
        );
      }),
    ]);
    return { ok: true, ms: Math.round(performance.now() - started) };
  } catch (error) {
    return { ok: false, ms: Math.round(performance.now() - started), error: shortReason(error) };
  } finally {
    clearTimeout(timer);
  }
}

/** The first line of the error, without URLs (an RPC URL may carry a provider key). */
function shortReason(error: unknown): string {
  const e = error as { shortMessage?: string; message?: string; code?: string };
  const text = (e.shortMessage ?? e.message ?? String(error)).split("\n")[0] ?? "";
  const reason = text
    .replace(/\bhttps?:\/\/\S+/g, "<url>")
    .replace(/\bpostgres(ql)?:\/\/\S+/g, "<url>")
    .trim();
  return reason || e.code || "unknown error";
}

export function registerHealthRoutes(app: FastifyInstance): void {
  const { chain, database } = app.deps;
  let last: { at: number; result: Promise<Omit<HealthReady, "indexer" | "ready" | "status">> } | undefined;

  const check = () => {
    if (last && Date.now() - last.at < RESULT_REUSE_MS) return last.result;
    const result = Promise.all([
      timed(() => database.db.execute(sql`SELECT 1`), "the database"),
      timed(() => chain.getBlockNumber({ cacheTime: 0 }), "the chain RPC"),
    ]).then(([db, rpc]) => ({ database: db, rpc }));
    last = { at: Date.now(), result };
    return result;
  };

  registerEndpoint(app, configEndpoints.healthLive, {
    handler: async () => ({ ok: true as const, uptimeSeconds: Math.round(process.uptime()) }),
  });

  registerEndpoint(app, configEndpoints.healthReady, {
    async handler() {
      const { database: db, rpc } = await check();
      if (!db.ok) {
        throw new HttpError(503, `Not ready: the database does not answer (${db.error}).`, [
          `database: ${db.error}`,
          ...(rpc.ok ? [] : [`rpc: ${rpc.error}`]),
        ]);
      }
      return {
        ready: true as const,
        status: rpc.ok ? ("ok" as const) : ("degraded" as const),
        database: db,
        rpc,
        indexer: indexerRole(app),
      };
    },
  });
}
