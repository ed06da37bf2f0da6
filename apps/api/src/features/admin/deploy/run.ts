/**
 * A "Deploy ClassCoin" run that survives a crash (issue 14). The run's recipients are fixed when it starts
 * (`recipient_wallets`); chunk i is the treasury payment `deploy:<run>:<i>`, signed and recorded (hash and
 * bytes) before it is broadcast (chain/treasury-payments.ts). So after a crash, every chunk is known from
 * the chain: mined → counted; still pending → its same bytes are sent again; dropped (its nonce taken) →
 * signed anew. Minting twice to anyone would need two live payments for one chunk, which the database
 * refuses.
 *
 * While a server works on a run it beats its heartbeat every few seconds; a `running` run whose heartbeat
 * is older than DEPLOY_STALE_SECONDS was left by a stopped server: it is marked `interrupted` (so it never
 * blocks a new deploy as "already running") and can be resumed.
 */
import { DEPLOY_AMOUNT_PER_PROFILE } from "@classcoin/shared/constants";
import { and, eq, inArray, lt, sql } from "drizzle-orm";
import { invalidateBalance } from "../../../chain/balances";
import { ccToWei, firstLine, outOfGas } from "../../../chain/payment-outcome";
import { TreasuryOutOfGas, treasuryPaymentsOf } from "../../../chain/treasury-payments";
import type { Db, Tx } from "../../../db/client";
import { deployRuns, treasuryPayments } from "../../../db/schema";
import type { AppDeps } from "../../../deps";

export type DeployRunRow = typeof deployRuns.$inferSelect;
export const DEFAULT_STALE_MS = 30_000;
const HEARTBEAT_MS = 2_000;
/** A dropped chunk is signed anew this many times before the run stops. */
const DROPPED_RETRIES = 3;

export const chunkPurpose = (runId: number, index: number) => `deploy:${runId}:${index}`;

export function chunksOf(run: Pick<DeployRunRow, "recipientWallets" | "chunkSize">): `0x${string}`[][] {
  const wallets = (run.recipientWallets ?? []) as `0x${string}`[];
  const size = Math.max(1, run.chunkSize ?? 200);
  const chunks: `0x${string}`[][] = [];
  for (let start = 0; start < wallets.length; start += size) chunks.push(wallets.slice(start, start + size));
  return chunks;
}

/**
 * Marks every `running` run whose heartbeat is older than `staleMs` as `interrupted`. Heartbeats are written
 * and compared in the database's time: instances on machines whose clocks differ must agree on "older".
 */
export async function markStaleRuns(db: Db | Tx, staleMs: number) {
  await db
    .update(deployRuns)
    .set({ status: "interrupted", error: "the server stopped during this run" })
    .where(
      and(
        eq(deployRuns.status, "running"),
        lt(deployRuns.heartbeatAt, sql`now() - ${Math.round(staleMs)}::int * interval '1 millisecond'`),
      ),
    );
}

/** The mined chunks of a run, from the payments table: how many recipients got their CC, and the hashes. */
export async function mintedSoFar(db: Db, run: DeployRunRow): Promise<{ minted: number; hashes: string[] }> {
  const chunks = chunksOf(run);
  if (chunks.length === 0) return { minted: 0, hashes: [] };
  const rows = await db
    .select({ purpose: treasuryPayments.purpose, hash: treasuryPayments.txHash })
    .from(treasuryPayments)
    .where(
      and(
        inArray(
          treasuryPayments.purpose,
          chunks.map((_, i) => chunkPurpose(run.id, i)),
        ),
        eq(treasuryPayments.status, "mined"),
      ),
    );
  const mined = new Map(rows.map((r) => [r.purpose, r.hash]));
  let minted = 0;
  const hashes: string[] = [];
  chunks.forEach((chunk, i) => {
    const hash = mined.get(chunkPurpose(run.id, i));
    if (hash) {
      minted += chunk.length;
      hashes.push(hash);
    }
  });
  return { minted, hashes };
}

async function saveProgress(db: Db, run: DeployRunRow): Promise<number> {
  const { minted, hashes } = await mintedSoFar(db, run);
  await db
    .update(deployRuns)
    .set({ minted, txHashes: hashes, heartbeatAt: sql`now()` })
    .where(eq(deployRuns.id, run.id));
  return minted;
}

/**
 * Works a claimed (`running`) run to its end: every chunk not yet mined is sent (or its pending payment
 * followed) and waited for. Marks it `completed`, or `failed` with the cause (and throws it).
 */
export async function workRun(deps: AppDeps, run: DeployRunRow): Promise<{ minted: number }> {
  const { db } = deps.database;
  const payments = treasuryPaymentsOf(deps);
  const amountWei = ccToWei(run.amountPerProfile || DEPLOY_AMOUNT_PER_PROFILE);
  const heartbeat = setInterval(() => {
    db.update(deployRuns)
      .set({ heartbeatAt: sql`now()` })
      .where(and(eq(deployRuns.id, run.id), eq(deployRuns.status, "running")))
      .catch(() => {});
  }, HEARTBEAT_MS);
  heartbeat.unref?.();
  try {
    const chunks = chunksOf(run);
    for (const [index, to] of chunks.entries()) {
      const purpose = chunkPurpose(run.id, index);
      for (let attempt = 0; ; attempt++) {
        const [live] = await db
          .select({ hash: treasuryPayments.txHash })
          .from(treasuryPayments)
          .where(and(eq(treasuryPayments.purpose, purpose), inArray(treasuryPayments.status, ["signed", "mined"])));
        const hash =
          live?.hash ??
          (await payments.send((_tx, sign) =>
            sign({ purpose, kind: "deploy", description: null, call: { kind: "mint", to, amountWei } }),
          ));
        const { status, hash: now } = await payments.settlePayment(hash);
        if (status === "mined") break;
        if (status === "signed") throw new Error(`mintBatch transaction ${now} was not mined in time`);
        if (status === "reverted") throw new Error(`mintBatch transaction ${now} reverted`);
        if (attempt >= DROPPED_RETRIES) throw new Error(`mintBatch transaction ${now} was dropped`);
      }
      for (const wallet of to) invalidateBalance(wallet);
      await saveProgress(db, run);
    }
    const minted = await saveProgress(db, run);
    await db
      .update(deployRuns)
      .set({ status: "completed", error: null, finishedAt: new Date() })
      .where(eq(deployRuns.id, run.id));
    return { minted };
  } catch (error) {
    const minted = await saveProgress(db, run).catch(() => run.minted);
    await db
      .update(deployRuns)
      .set({ status: "failed", minted, error: shortCause(error), finishedAt: new Date() })
      .where(eq(deployRuns.id, run.id));
    throw Object.assign(error instanceof Error ? error : new Error(String(error)), { minted });
  } finally {
    clearInterval(heartbeat);
  }
}

/** The first line of an error, without control characters (a revert's raw data can hold NUL bytes). */
export function shortCause(error: unknown): string {
  if (error instanceof TreasuryOutOfGas) return outOfGas(error);
  const short = (error as { shortMessage?: string } | undefined)?.shortMessage;
  return firstLine(error instanceof Error ? (short ?? error.message) : String(error));
}

/** The latest run, with each chunk's payment as the chain last showed it. */
export async function latestRun(db: Db): Promise<DeployRunRow | undefined> {
  const [run] = await db.select().from(deployRuns).orderBy(sql`${deployRuns.id} DESC`).limit(1);
  return run;
}
