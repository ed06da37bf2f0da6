/**
 * A gasless transfer on a chain slow to mine (a Sepolia block, a fee spike): the relay answers with the hash
 * as soon as it is sent, so the page can show it and wait for it like any transfer; it is mined later, once,
 * and the same authorization sent again is refused rather than paid a second time. Before, the relay held
 * the request until mined, and one not mined within 90 s answered an error for a transfer that went through.
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

describe("a gasless transfer on a chain slow to mine", () => {
  it("is answered with its hash once sent; mined later once; the same authorization again is refused", async () => {
    const key = generatePrivateKey();
    const wallet = privateKeyToAccount(key).address.toLowerCase() as `0x${string}`;
    await chain.fund(wallet, 10);
    await t.database.db
      .insert(profiles)
      .values({ wallet, name: "Slow Block", birthday: "2010-01-01", starSign: "Leo" });
    const cookie = await signIn(t, key);
    const body = await signedAuthorization({ from: wallet, key, chainId: t.config.chainId, token: chain.tokenAddress });
    const before = await chain.balanceOf(dev(2));
    const relay = () =>
      t.app.inject({ method: "POST", url: "/api/relay/transfer", payload: body, headers: { cookie } });

    await chain.test.setAutomine(false);
    try {
      const started = performance.now();
      const res = await relay();
      const [row] = await t.database.db.select().from(treasuryPayments).where(eq(treasuryPayments.kind, "relay"));
      expect([res.statusCode, res.json()]).toEqual([200, { txHash: row!.txHash }]);
      // Not held until a block that does not come (before: 90 s, then a 502).
      expect(performance.now() - started).toBeLessThan(10_000);
      expect(row!.status).toBe("signed");
      expect(await chain.balanceOf(dev(2))).toBe(before);

      // Sent again while pending: the same authorization is one payment, not two.
      const again = await relay();
      expect([again.statusCode, again.json().error]).toEqual([409, messages.relay.used]);

      await chain.test.mine({ blocks: 1 });
      const receipt = await t.app.deps.chain.getTransactionReceipt({ hash: row!.txHash as `0x${string}` });
      expect(receipt.status).toBe("success");
      await treasuryPaymentsOf(t.app.deps).settleOpen();
      const [settled] = await t.database.db.select().from(treasuryPayments).where(eq(treasuryPayments.kind, "relay"));
      expect(settled!.status).toBe("mined");
      expect(await chain.balanceOf(dev(2))).toBe(before + parseUnits("2", 18));
      const late = await relay();
      expect([late.statusCode, late.json().error]).toEqual([409, messages.relay.used]);
      expect(await chain.balanceOf(dev(2))).toBe(before + parseUnits("2", 18));
    } finally {
      await chain.test.setAutomine(true);
    }
  });
});
