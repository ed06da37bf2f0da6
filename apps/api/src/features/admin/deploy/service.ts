/**
 * "Deploy ClassCoin" (spec §6): mints DEPLOY_AMOUNT_PER_PROFILE CC to every active profile except the
 * admin's, with `mintBatch` from the treasury, in chunks, each waited for.
 *
 * Once-only: the signed message is recorded, together with a `running` deploy_runs row, in one committed
 * transaction before any transaction is sent. Only one run can be `running` (a partial unique index), so a
 * concurrent second deploy is refused with 409 instead of minting a second time. A run survives a crash of
 * its server: run.ts (chunks as recorded treasury payments, heartbeat, resume).
 */
import { DEPLOY_AMOUNT_PER_PROFILE } from "@classcoin/shared/constants";
import type { DeployResult } from "@classcoin/shared/entities";
import { and, asc, desc, eq, inArray, ne, sql } from "drizzle-orm";
import type { AdminGrant } from "../../../auth/admin";
import { deployRuns, profiles } from "../../../db/schema";
import type { AppDeps } from "../../../deps";
import { conflict, HttpError, notFound } from "../../../http-errors";
import { DEFAULT_STALE_MS, type DeployRunRow, markStaleRuns, shortCause, workRun } from "./run";

export const DEPLOY_CHUNK_SIZE = 200;

export const deployErrors = {
  running:
    "A ClassCoin deploy is already running. Wait for it to finish, then check the balances before deploying again.",
  stopped: (minted: number, total: number, cause: string) =>
    `Deploy stopped after minting ${DEPLOY_AMOUNT_PER_PROFILE} CC to ${minted} of ${total} profiles; ` +
    `${total - minted} profiles were not minted to. Cause: ${cause}`,
  notLast: "Only the last deploy run can be resumed, and this is not it.",
  complete: "This deploy run is complete: every recipient received their ClassCoin.",
  notResumable: "This deploy run was started before deploys could be resumed; check the balances instead.",
} as const;

export interface DeployOptions {
  chunkSize?: number;
}

const staleMsOf = (deps: AppDeps) => deps.config.deployStaleMs ?? DEFAULT_STALE_MS;

export async function deployClassCoin(
  deps: AppDeps,
  grant: AdminGrant,
  options: DeployOptions = {},
): Promise<DeployResult> {
  const { db } = deps.database;
  const admin = deps.config.adminWallet.toLowerCase();
  const chunkSize = options.chunkSize ?? deps.config.deployChunkSize ?? DEPLOY_CHUNK_SIZE;

  // The recipients are fixed with the run, in the transaction that records the signed message.
  const run = await db.transaction(async (tx) => {
    await grant.consume(tx);
    await markStaleRuns(tx, staleMsOf(deps));
    const rows = await tx
      .select({ wallet: profiles.wallet })
      .from(profiles)
      .where(and(eq(profiles.archived, false), ne(profiles.wallet, admin)))
      .orderBy(asc(profiles.id));
    const [created] = await tx
      .insert(deployRuns)
      .values({
        signatureHash: grant.replayKey,
        status: "running",
        amountPerProfile: DEPLOY_AMOUNT_PER_PROFILE,
        recipients: rows.length,
        recipientWallets: rows.map((r) => r.wallet),
        chunkSize,
      })
      .onConflictDoNothing()
      .returning();
    // Throwing rolls the signature record back too: the refused request changed nothing.
    if (!created) throw conflict(deployErrors.running);
    return created;
  });
  await work(deps, run);
  return {
    recipients: run.recipients,
    amountPerProfile: DEPLOY_AMOUNT_PER_PROFILE,
    totalDeployed: run.recipients * DEPLOY_AMOUNT_PER_PROFILE,
  };
}

async function work(deps: AppDeps, run: DeployRunRow): Promise<void> {
  try {
    await workRun(deps, run);
  } catch (error) {
    const minted = (error as { minted?: number }).minted ?? 0;
    throw new HttpError(502, deployErrors.stopped(minted, run.recipients, shortCause(error)));
  }
}

/**
 * "Resume" (issue 14): the last run, interrupted (its server stopped) or failed, continues with the chunks
 * not mined yet; a chunk whose transaction is still pending is followed, never sent a second time.
 */
export async function resumeDeploy(deps: AppDeps, grant: AdminGrant, runId: number): Promise<DeployResult> {
  const { db } = deps.database;
  const run = await db.transaction(async (tx) => {
    await grant.consume(tx);
    await markStaleRuns(tx, staleMsOf(deps));
    const [last] = await tx.select().from(deployRuns).orderBy(desc(deployRuns.id)).limit(1);
    if (!last || last.id !== runId) throw notFound(deployErrors.notLast);
    if (last.status === "running") throw conflict(deployErrors.running);
    if (last.status === "completed") throw conflict(deployErrors.complete);
    if (last.recipientWallets === null) throw conflict(deployErrors.notResumable);
    const [claimed] = await tx
      .update(deployRuns)
      .set({ status: "running", heartbeatAt: sql`now()`, error: null, finishedAt: null })
      .where(and(eq(deployRuns.id, runId), inArray(deployRuns.status, ["interrupted", "failed", "abandoned"])))
      .returning();
    if (!claimed) throw conflict(deployErrors.running);
    return claimed;
  });
  await work(deps, run);
  return {
    recipients: run.recipients,
    amountPerProfile: run.amountPerProfile,
    totalDeployed: run.recipients * run.amountPerProfile,
  };
}
