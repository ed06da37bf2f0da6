/**
 * "Start new semester" draws the line between the semesters' explorers at the last block the indexer has
 * written (a semester's archive holds what was indexed; the new one starts after it). The indexer stays
 * CONFIRMATIONS blocks behind the chain (two on Sepolia, about half a minute), so a payment mined just before
 * the start was listed in the new semester instead of the one it belongs to (a rehearsal's last award of the
 * term). Before starting, the server waits until the indexer has written the block that was the chain's
 * newest when the admin asked: while an indexer runs somewhere (on PostgreSQL, whichever instance or
 * `npm run indexer` holds the leader's lock), and while the chain moves (on a chain that makes no blocks,
 * the indexer cannot get closer than CONFIRMATIONS behind it). At most `timeoutMs`, then as before.
 */
import { sql } from "drizzle-orm";
import { INDEXER_LEADER_LOCK } from "../../chain/indexer/leader";
import { readCheckpoint } from "../../chain/indexer/store";
import { queryRows } from "../../db/raw-rows";
import type { AppDeps } from "../../deps";

export const EXPLORER_WAIT_MS = 90_000;
/** A chain whose newest block has not changed for this long makes no blocks now (Sepolia makes one in 12 s). */
const QUIET_CHAIN_MS = 30_000;

type Deps = Pick<AppDeps, "config" | "chain" | "database">;

/** Whether an indexer runs: this process's on PGlite (one process), the elected leader's on PostgreSQL. */
async function indexerRuns(deps: Deps): Promise<boolean> {
  if (deps.database.kind !== "postgres") return deps.config.indexer;
  const [row] = await queryRows<{ held: boolean }>(
    deps.database.db,
    sql`SELECT EXISTS (
      SELECT 1 FROM pg_locks
      WHERE locktype = 'advisory' AND granted AND classid = 0 AND objid = ${INDEXER_LEADER_LOCK} AND objsubid = 1
        AND database = (SELECT oid FROM pg_database WHERE datname = current_database())
    ) AS held`,
  );
  return row?.held === true;
}

/** Resolves once the explorer holds every block up to the chain's current one; false when it stopped waiting. */
export async function waitForExplorerToReachHead(
  deps: Deps,
  options: { timeoutMs?: number; pollMs?: number; quietMs?: number } = {},
): Promise<boolean> {
  const token = deps.config.tokenAddress?.toLowerCase();
  if (!token) return true;
  const newest = async () => Number(await deps.chain.getBlockNumber({ cacheTime: 0 }));
  const head = await newest();
  const started = Date.now();
  let latest = head;
  let latestSince = started;
  for (;;) {
    const checkpoint = await readCheckpoint(deps.database.db);
    // Nothing indexed yet for this token: the semester then starts after the chain's current block.
    if (!checkpoint || checkpoint.token.toLowerCase() !== token || checkpoint.block >= head) return true;
    if (!(await indexerRuns(deps))) return false;
    const now = Date.now();
    if (now - started >= (options.timeoutMs ?? EXPLORER_WAIT_MS)) return false;
    const current = await newest();
    if (current !== latest) [latest, latestSince] = [current, now];
    const asFarAsItCan = checkpoint.block >= latest - deps.config.confirmations;
    if (asFarAsItCan && now - latestSince >= (options.quietMs ?? QUIET_CHAIN_MS)) return false;
    await new Promise((resolve) => setTimeout(resolve, options.pollMs ?? 500));
  }
}
