/**
 * A gasless transfer the chain has not mined when the relay stops waiting (a slow Sepolia block, a fee
 * spike): the student is told it was sent and not mined yet, with its hash; it is mined later, once, and
 * the same authorization sent again is refused rather than paid a second time.
 */
import { messages } from "@classcoin/shared/messages";
import { eq } from "drizzle-orm";
import { parseUnits } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { treasuryPaymentsOf } from "../../chain/treasury-payments";
import { profiles, treasuryPayments } from "../../db/schema";
import { createTestApp, type TestApp } from "../../testing/app";
import { startTestChain, type TestChain } from "../../testing/chain";
import { signedAuthorization } from "../../testing/relay-authorization";
import { signIn } from "../../testing/sign-in";
import { dev } from "../../testing/transfers";

let chain: TestChain;
let t: TestApp;
beforeAll(async () => {
  chain = await startTestChain({ ownChain: true }); // it stops automine: a chain of its own
  t = await createTestApp(chain, "pglite");
});
afterAll(async () => {
  await chain?.test.setAutomine(true).catch(() => {});
  await t?.close();
  await chain?.stop();
});

describe("a gasless transfer not mined within the relay's wait", () => {
  it("answers 'sent, not mined yet' with its hash; mined later once; the same authorization again is refused", async () => {
    const key = generatePrivateKey();
    const wallet = privateKeyToAccount(key).address.toLowerCase() as `0x${string}`;
    await chain.fund(wallet, 10);
    await t.database.db
      .insert(profiles)
      .values({ wallet, name: "Slow Block", birthday: "2010-01-01", starSign: "Leo" });
    const cookie = await signIn(t, key);
    const body = await signedAuthorization({ from: wallet, key, chainId: t.config.chainId, token: chain.tokenAddress });
    // The relay's 90 s wait, shortened: the chain below mines nothing until the test says so.
    const payments = treasuryPaymentsOf(t.app.deps);
    const settle = payments.settle;
    payments.settle = (hash) => settle(hash, { timeoutMs: 500 });
    const before = await chain.balanceOf(dev(2));

    await chain.test.setAutomine(false);
    try {
      const res = await t.app.inject({
        method: "POST",
        url: "/api/relay/transfer",
        payload: body,
        headers: { cookie },
      });
      const [row] = await t.database.db.select().from(treasuryPayments).where(eq(treasuryPayments.kind, "relay"));
      expect([res.statusCode, res.json().error]).toEqual([502, messages.relay.pending(row!.txHash)]);
      expect(row!.status).toBe("signed");

      // Sent again while pending: the same authorization is one payment, not two.
      const again = await t.app.inject({
        method: "POST",
        url: "/api/relay/transfer",
        payload: body,
        headers: { cookie },
      });
      expect([again.statusCode, again.json().error]).toEqual([409, messages.relay.used]);

      await chain.test.mine({ blocks: 1 });
      await payments.settleOpen();
      const [settled] = await t.database.db.select().from(treasuryPayments).where(eq(treasuryPayments.kind, "relay"));
      expect(settled!.status).toBe("mined");
      expect(await chain.balanceOf(dev(2))).toBe(before + parseUnits("2", 18));
      const late = await t.app.inject({
        method: "POST",
        url: "/api/relay/transfer",
        payload: body,
        headers: { cookie },
      });
      expect([late.statusCode, late.json().error]).toEqual([409, messages.relay.used]);
      expect(await chain.balanceOf(dev(2))).toBe(before + parseUnits("2", 18));
    } finally {
      payments.settle = settle;
      await chain.test.setAutomine(true);
    }
  });
});
