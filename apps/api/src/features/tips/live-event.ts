/** The live event of a recorded tip: which project (and its number, for the page showing it), who, how much. */
import type { LiveEvent } from "@classcoin/shared/live-events";
import type { SendCoin, SendCoinResult } from "@classcoin/shared/tips";
import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { projects } from "../../db/schema";

export async function tipEvent(db: Db, input: SendCoin, result: SendCoinResult): Promise<LiveEvent> {
  const [project] = await db
    .select({ projectNumber: projects.projectNumber })
    .from(projects)
    .where(eq(projects.id, Number(result.projectId)));
  return {
    type: "tip",
    projectId: result.projectId,
    projectNumber: project?.projectNumber ?? 0,
    fromWallet: input.fromWallet,
    toWallet: input.toWallet,
    amount: input.amount,
    totalReceived: result.totalReceived,
    txHash: result.txHash,
  };
}
