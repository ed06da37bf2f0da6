/**
 * The Deploy tab's view of the last run (issue 14): its status, and each chunk's transaction as the chain
 * shows it. Reading reconciles: a `running` run with a stale heartbeat becomes `interrupted`, and the
 * chunks of a run no server works on are settled from the chain (mined, still pending, or dropped).
 */
import type { DeployRunView } from "@classcoin/shared/treasury";
import { desc, inArray } from "drizzle-orm";
import { treasuryPaymentsOf } from "../../../chain/treasury-payments";
import { treasuryPayments } from "../../../db/schema";
import type { AppDeps } from "../../../deps";
import { chunkPurpose, chunksOf, DEFAULT_STALE_MS, latestRun, markStaleRuns, mintedSoFar } from "./run";

const STATE = {
  mined: "minted",
  signed: "pending",
  replaced: "pending",
  dropped: "failed",
  reverted: "failed",
} as const;

export async function lastDeployRun(deps: AppDeps): Promise<DeployRunView | null> {
  const { db } = deps.database;
  await markStaleRuns(db, deps.config.deployStaleMs ?? DEFAULT_STALE_MS);
  const run = await latestRun(db);
  if (!run) return null;
  const chunks = chunksOf(run);
  const purposes = chunks.map((_, i) => chunkPurpose(run.id, i));
  const load = async () =>
    purposes.length === 0
      ? []
      : db
          .select()
          .from(treasuryPayments)
          .where(inArray(treasuryPayments.purpose, purposes))
          .orderBy(desc(treasuryPayments.createdAt));
  let payments = await load();
  if (run.status !== "running" && payments.some((p) => p.status === "signed")) {
    const treasury = treasuryPaymentsOf(deps);
    for (const p of payments.filter((p) => p.status === "signed")) await treasury.settle(p.txHash, { timeoutMs: 0 });
    payments = await load();
  }
  // Per chunk, its live payment (signed or mined) if any, else the latest attempt.
  const byPurpose = new Map<string, (typeof payments)[number]>();
  for (const p of payments) {
    const seen = byPurpose.get(p.purpose);
    const live = (s: string) => s === "signed" || s === "mined";
    if (!seen || (!live(seen.status) && live(p.status))) byPurpose.set(p.purpose, p);
  }
  const { minted } = await mintedSoFar(db, run);
  const resumable =
    (run.status === "interrupted" || run.status === "failed" || run.status === "abandoned") &&
    run.recipientWallets !== null &&
    minted < run.recipients;
  return {
    id: String(run.id),
    status: run.status,
    recipients: run.recipients,
    minted: run.recipientWallets === null ? run.minted : minted,
    amountPerProfile: run.amountPerProfile,
    startedAt: run.startedAt.toISOString(),
    finishedAt: run.finishedAt ? run.finishedAt.toISOString() : null,
    error: run.error,
    resumable,
    chunks: chunks.map((to, index) => {
      const payment = byPurpose.get(chunkPurpose(run.id, index));
      return {
        index,
        recipients: to.length,
        txHash: payment?.txHash ?? null,
        state: payment ? STATE[payment.status] : "unsent",
      };
    }),
  };
}
