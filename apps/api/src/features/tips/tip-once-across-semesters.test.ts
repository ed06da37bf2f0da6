/**
 * A transfer counts as a tip once, in all semesters. "Start new semester" empties the tips, and when it cannot
 * wait for the indexer (none runs, or it gave up after 90 s) it starts the new semester at the indexer's
 * checkpoint + 1: a tip from the old semester's last blocks, not yet indexed, is then at or after the new
 * semester's first block. Before: the same transfer, reported again after the start, was recorded a second
 * time, for the author's new submission (its total, the leaderboard and the prediction results with it).
 */
import { tipErrors } from "@classcoin/shared/tips";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createIndexer } from "../../chain/indexer/indexer";
import { profiles, projects, tips } from "../../db/schema";
import { adminCalls } from "../../testing/admin";
import { createTestApp, type TestApp } from "../../testing/app";
import { startTestChain, type TestChain } from "../../testing/chain";
import { testDatabaseKinds } from "../../testing/database";
import { signIn } from "../../testing/sign-in";
import { transfer } from "../../testing/transfers";

let chain: TestChain;
beforeAll(async () => {
  chain = await startTestChain();
  await chain.fund(chain.wallet(1).account.address, 1_000);
});
afterAll(async () => {
  await chain?.stop();
});

const address = (index: number) => chain.wallet(index).account.address.toLowerCase() as `0x${string}`;

describe.each(testDatabaseKinds())("a tip across 'Start new semester' on %s", (kind) => {
  let t: TestApp;
  // No indexer runs in this deployment: the start does not wait, and draws the line at the checkpoint.
  beforeAll(async () => {
    t = await createTestApp(chain, kind);
  });
  afterAll(async () => {
    await t?.close();
  });

  const alice = () => address(1);
  const bob = () => address(2);

  async function classWithBobsSubmission(): Promise<string> {
    await t.database.db.insert(profiles).values(
      [1, 2].map((i) => ({
        wallet: address(i),
        name: `Student ${i}`,
        birthday: "2010-01-01",
        starSign: "Leo" as const,
      })),
    );
    const [project] = await t.database.db
      .insert(projects)
      .values({ authorWallet: bob(), projectNumber: 1, title: "Bob's fox", image: "fox.webp" })
      .returning({ id: projects.id });
    return String(project!.id);
  }

  const sendCoin = async (projectId: string, txHash: `0x${string}`) =>
    t.app.inject({
      method: "POST",
      url: "/api/projects/send-coin",
      payload: { fromWallet: alice(), toWallet: bob(), amount: 5, projectId, txHash },
      headers: { cookie: await signIn(t, 1) },
    });
  const totalOf = async (projectId: string) =>
    (
      await t.database.db
        .select()
        .from(projects)
        .where(eq(projects.id, Number(projectId)))
    )[0]!.totalReceived;

  it("the same transfer reported again in the next semester is refused as already recorded", async () => {
    const oldProject = await classWithBobsSubmission();
    // The indexer has run once (its checkpoint is this block) and then not again.
    await createIndexer({ database: t.database, chain: t.app.deps.chain, config: t.config }).catchUp();

    const hash = await transfer(chain, 1, bob(), 5);
    const block = Number((await chain.publicClient.getTransactionReceipt({ hash })).blockNumber);
    const first = await sendCoin(oldProject, hash);
    expect(first.statusCode, first.body).toBe(200);
    expect(await totalOf(oldProject)).toBe(5);

    const admin = adminCalls(t.app);
    const archived = await admin.post("/semesters/archive", { name: "Fall 2026" });
    expect(archived.statusCode, archived.body).toBe(200);
    const started = await admin.post("/semesters/start", { clearWhitelist: false });
    expect(started.statusCode, started.body).toBe(200);
    // The line fell before the tip's block (the case this is about).
    expect(started.json().semester.startBlock).toBeLessThanOrEqual(block);
    expect(await t.database.db.select().from(tips)).toHaveLength(0);

    // Bob submits again in the new semester; Alice reports the old transfer for it.
    const newProject = await classWithBobsSubmission();
    const again = await sendCoin(newProject, hash);
    expect(again.statusCode, again.body).toBe(409);
    expect(again.json()).toEqual({ error: tipErrors.duplicate });
    expect(await totalOf(newProject)).toBe(0);
    expect(await t.database.db.select().from(tips)).toHaveLength(0);

    // A new transfer in the new semester is still a tip.
    const fresh = await transfer(chain, 1, bob(), 5);
    const tipped = await sendCoin(newProject, fresh);
    expect(tipped.statusCode, tipped.body).toBe(200);
    expect(await totalOf(newProject)).toBe(5);
  });
});
