/**
 * Every report of a tip reads the chain (receipt, transaction; on Sepolia polled for 10 s when unknown), so a
 * signed-in wallet must not send them without limit: like every other write, 30 a minute per wallet.
 */
import { tipErrors } from "@classcoin/shared/tips";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { profiles, projects } from "../../db/schema";
import { createTestApp, type TestApp } from "../../testing/app";
import { startTestChain, type TestChain } from "../../testing/chain";
import { signIn } from "../../testing/sign-in";

let chain: TestChain;
let t: TestApp;
beforeAll(async () => {
  chain = await startTestChain();
  t = await createTestApp(chain, "pglite", { RATE_LIMIT: "true" });
});
afterAll(async () => {
  await t?.close();
  await chain?.stop();
});

const address = (index: number) => chain.wallet(index).account.address.toLowerCase() as `0x${string}`;

describe("send-coin's rate limit", () => {
  it("a wallet's 31st report in a minute is refused with 429 before the chain is asked", async () => {
    await t.database.db
      .insert(profiles)
      .values(
        [1, 2].map((i) => ({ wallet: address(i), name: `Student ${i}`, birthday: "2010-01-01", starSign: "Leo" })),
      );
    const [project] = await t.database.db
      .insert(projects)
      .values({ authorWallet: address(2), projectNumber: 1, title: "Fox", image: "fox.webp" })
      .returning({ id: projects.id });
    const cookie = await signIn(t, 1);
    const report = (i: number) =>
      t.app.inject({
        method: "POST",
        url: "/api/projects/send-coin",
        headers: { cookie },
        payload: {
          fromWallet: address(1),
          toWallet: address(2),
          amount: 1,
          projectId: String(project!.id),
          txHash: `0x${i.toString(16).padStart(64, "a")}`,
        },
      });
    for (let i = 0; i < 30; i++) {
      const res = await report(i);
      expect(res.statusCode, res.body).toBe(404);
      expect(res.json().error).toBe(tipErrors.notFound);
    }
    const limited = await report(30);
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers["retry-after"])).toBeGreaterThan(0);
  });
});
