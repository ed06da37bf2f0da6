/**
 * "Add a wallet" again while the wallet's welcome grant is still being mined (the first add's, or another
 * instance's): nothing more is sent, and the answer says the grant was already on its way. A two-instance
 * rehearsal saw "what was left of its welcome grant was sent" for a grant that was only waited for. On a chain of
 * this file's own, mined by hand.
 */
import { messages } from "@classcoin/shared/messages";
import { parseUnits } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { treasuryPayments } from "../../db/schema";
import { adminCalls } from "../../testing/admin";
import { createTestApp, type TestApp } from "../../testing/app";
import { startTestChain, type TestChain } from "../../testing/chain";
import { testDatabaseKinds } from "../../testing/database";

let chain: TestChain;
beforeAll(async () => {
  chain = await startTestChain({ ownChain: true });
});
afterAll(async () => {
  await chain?.stop();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.each(testDatabaseKinds())("a welcome grant under way on %s", (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(chain, kind);
  });
  afterAll(async () => {
    await chain.test.setAutomine(true);
    await t?.close();
  });

  it("adding the wallet again sends nothing more and says the grant was already being sent", async () => {
    const admin = adminCalls(t.app);
    const wallet = privateKeyToAccount(generatePrivateKey()).address.toLowerCase();
    await chain.test.setAutomine(false);
    const payments = async () => (await t.database.db.select().from(treasuryPayments)).length;
    const before = await payments();

    const first = admin.post("/whitelist/add", { wallet, notes: "" });
    // Its CC and ETH signed and broadcast, waiting for a block.
    for (let i = 0; i < 200 && (await payments()) < before + 2; i++) await sleep(25);
    expect(await payments()).toBe(before + 2);
    const again = admin.post("/whitelist/add", { wallet, notes: "" });
    await sleep(500);
    await chain.test.mine({ blocks: 1 });

    const [one, two] = await Promise.all([first, again]);
    expect(one.statusCode, one.body).toBe(200);
    expect(two.statusCode, two.body).toBe(200);
    expect(two.json().message).toBe(messages.treasury.welcomeGrantUnderWay);
    expect(two.json().grant).toMatchObject({ state: "paid", ccTxHash: one.json().grant.ccTxHash });
    expect(await payments()).toBe(before + 2);
    expect(await chain.balanceOf(wallet as `0x${string}`)).toBe(parseUnits("10", 18));
  });
});
