/**
 * "Deploy ClassCoin" (spec §6): mints DEPLOY_AMOUNT_PER_PROFILE CC to every active profile except the
 * admin's, with `mintBatch` from the treasury, in chunks, each waited for.
 *
 * Once-only: the signed message is recorded, together with a `running` deploy_runs row, in one committed
 * transaction before any transaction is sent. Only one run can be `running` (a partial unique index), so a
 * concurrent second deploy is refused with 409 instead of minting a second time.
 */
import { DEPLOY_AMOUNT_PER_PROFILE, TOKEN_DECIMALS } from "@classcoin/shared/constants";
import type { DeployResult } from "@classcoin/shared/entities";
import { and, asc, eq, lt, ne, sql } from "drizzle-orm";
import { parseUnits } from "viem";
import type { AdminGrant } from "../../../auth/admin";
import { invalidateBalance } from "../../../chain/balances";
import { createTreasury, type Treasury } from "../../../chain/treasury";
import { deployRuns, profiles } from "../../../db/schema";
import type { AppDeps } from "../../../deps";
import { conflict, HttpError } from "../../../http-errors";

export const DEPLOY_CHUNK_SIZE = 200;
/** A run whose heartbeat is older than this was left by a stopped server and no longer blocks deploys. */
const STALE_RUN_MS = 15 * 60 * 1000;

export const deployErrors = {
  running:
    "A ClassCoin deploy is already running. Wait for it to finish, then check the balances before deploying again.",
  stopped: (minted: number, total: number, cause: string) =>
    `Deploy stopped after minting ${DEPLOY_AMOUNT_PER_PROFILE} CC to ${minted} of ${total} profiles; ` +
    `${total - minted} profiles were not minted to. Cause: ${cause}`,
} as const;

const treasuries = new WeakMap<AppDeps, Treasury>();

function treasuryOf(deps: AppDeps): Treasury {
  let treasury = treasuries.get(deps);
  if (!treasury) {
    treasury = createTreasury(deps.config, deps.chain);
    treasuries.set(deps, treasury);
  }
  return treasury;
}

export interface DeployOptions {
  chunkSize?: number;
}

export async function deployClassCoin(
  deps: AppDeps,
  grant: AdminGrant,
  options: DeployOptions = {},
): Promise<DeployResult> {
  const { db } = deps.database;
  const admin = deps.config.adminWallet.toLowerCase();
  const chunkSize = options.chunkSize ?? DEPLOY_CHUNK_SIZE;

  const runId = await db.transaction(async (tx) => {
    await grant.consume(tx);
    await tx
      .update(deployRuns)
      .set({ status: "abandoned", finishedAt: new Date(), error: "the server stopped during this run" })
      .where(and(eq(deployRuns.status, "running"), lt(deployRuns.heartbeatAt, new Date(Date.now() - STALE_RUN_MS))));
    const [run] = await tx
      .insert(deployRuns)
      .values({ signatureHash: grant.replayKey, status: "running", amountPerProfile: DEPLOY_AMOUNT_PER_PROFILE })
      .onConflictDoNothing()
      .returning({ id: deployRuns.id });
    // Throwing rolls the signature record back too: the refused request changed nothing.
    if (!run) throw conflict(deployErrors.running);
    return run.id;
  });

  let minted = 0;
  let recipients: `0x${string}`[] = [];
  try {
    const rows = await db
      .select({ wallet: profiles.wallet })
      .from(profiles)
      .where(and(eq(profiles.archived, false), ne(profiles.wallet, admin)))
      .orderBy(asc(profiles.id));
    recipients = rows.map((r) => r.wallet as `0x${string}`);
    await db.update(deployRuns).set({ recipients: recipients.length }).where(eq(deployRuns.id, runId));

    const amountWei = parseUnits(String(DEPLOY_AMOUNT_PER_PROFILE), TOKEN_DECIMALS);
    const treasury = treasuryOf(deps);
    for (let start = 0; start < recipients.length; start += chunkSize) {
      const chunk = recipients.slice(start, start + chunkSize);
      const hash = await treasury.mintBatch(chunk, amountWei);
      minted += chunk.length;
      for (const wallet of chunk) invalidateBalance(wallet);
      await db
        .update(deployRuns)
        .set({
          minted,
          heartbeatAt: new Date(),
          txHashes: sql`${deployRuns.txHashes} || ${JSON.stringify([hash])}::jsonb`,
        })
        .where(eq(deployRuns.id, runId));
    }
    await db.update(deployRuns).set({ status: "completed", finishedAt: new Date() }).where(eq(deployRuns.id, runId));
  } catch (error) {
    const cause = shortCause(error);
    await db
      .update(deployRuns)
      .set({ status: "failed", minted, error: cause, finishedAt: new Date() })
      .where(eq(deployRuns.id, runId));
    throw new HttpError(502, deployErrors.stopped(minted, recipients.length, cause));
  }

  return {
    recipients: recipients.length,
    amountPerProfile: DEPLOY_AMOUNT_PER_PROFILE,
    totalDeployed: recipients.length * DEPLOY_AMOUNT_PER_PROFILE,
  };
}

function shortCause(error: unknown): string {
  if (error instanceof Error) {
    const short = (error as Error & { shortMessage?: string }).shortMessage;
    return (short ?? error.message).split("\n")[0]!.slice(0, 300);
  }
  return String(error).slice(0, 300);
}
