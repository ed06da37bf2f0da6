/**
 * The welcome grant's native coin with two instances on one database: the treasury keeps its gas reserve
 * (TREASURY_GAS_RESERVE_WEI) even when another instance is sending a grant's coin at the same moment.
 */
import { eq } from "drizzle-orm";
import { keccak256, parseEther, stringToHex } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { treasuryPayments, welcomeGrants } from "../../db/schema";
import { adminCalls } from "../../testing/admin";
import { type OpenTransaction, openTransactionOfAnotherInstance, settlesWithin } from "../../testing/another-instance";
import { createTestApp } from "../../testing/app";
import { startTestChain, type TestChain } from "../../testing/chain";
import { lockWelcomeNativeCoin } from "./welcome-grant";

let chain: TestChain;
beforeAll(async () => {
  chain = await startTestChain();
});
afterAll(async () => {
  await chain?.stop();
});

const fresh = () => privateKeyToAccount(generatePrivateKey()).address.toLowerCase() as `0x${string}`;

describe("the welcome grant's native coin on two instances", () => {
  it.runIf(process.env.TEST_DATABASE_URL)(
    "counts another instance's grant coin, recorded but not yet mined, before spending the treasury's last",
    async () => {
      // 0.02 ETH a grant; the treasury holds its 0.01 reserve plus enough for one grant, not two.
      const t = await createTestApp(chain, "postgres", { WELCOME_ETH: "0.02", WELCOME_CC: "1" });
      const treasury = chain.account(0).address;
      await chain.test.setBalance({ address: treasury, value: parseEther("0.045") });
      let otherSend: OpenTransaction | undefined;
      try {
        // Another instance, in the middle of sending another student's grant: its lock taken, its 0.02 ETH
        // transfer signed and recorded (to be broadcast after its commit), its transaction not yet committed.
        const other = fresh();
        const nonce = await chain.publicClient.getTransactionCount({ address: treasury });
        otherSend = await openTransactionOfAnotherInstance(t.database.db, async (tx) => {
          await lockWelcomeNativeCoin(tx);
          await tx.insert(treasuryPayments).values({
            txHash: keccak256(stringToHex(`other instance ${other}`)),
            purpose: `welcome-eth:${other}`,
            kind: "welcome",
            toWallets: [other],
            amountWei: parseEther("0.02").toString(),
            native: true,
            nonce,
            rawTx: "0x00",
          });
        });

        const student = fresh();
        const mine = adminCalls(t.app).post("/whitelist/add", { wallet: student, notes: "" });
        // Without the lock this request read the treasury's balance (the other grant not yet sent) and sent
        // 0.02 ETH too: together 0.04 of the 0.035 above the reserve.
        expect(await settlesWithin(mine, 500)).toBe(false);
        otherSend.release();
        await otherSend.done;
        const res = await mine;
        expect(res.statusCode, res.body).toBe(200);
        expect(res.json().grant).toMatchObject({
          cc: 1,
          eth: "0",
          ethSkipped: "the treasury has too little native coin",
          ethTxHash: null,
          state: "paid",
        });
        expect(await chain.publicClient.getBalance({ address: student })).toBe(0n);
        const [grant] = await t.database.db.select().from(welcomeGrants).where(eq(welcomeGrants.wallet, student));
        expect(grant?.ethTxHash).toBeNull();
      } finally {
        otherSend?.release();
        await chain.test.setBalance({ address: treasury, value: parseEther("10000") });
        await t.close();
      }
    },
  );
});
