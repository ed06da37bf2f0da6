/**
 * Treasury payments from two instances on one PostgreSQL. Each signs with the treasury's next nonce as the
 * node counts it; another instance that has signed but not yet broadcast is not counted, so both used to
 * sign the same nonce and the node refused one (a student's gasless transfer answered 502).
 */
import { createWalletClient, http, parseEther } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTransactionOfAnotherInstance, settlesWithin } from "../testing/another-instance";
import { createTestApp, type TestApp } from "../testing/app";
import { startTestChain, type TestChain } from "../testing/chain";
import { chainFor } from "./clients";
import { lockTreasury, treasuryPaymentsOf } from "./treasury-payments";

let chain: TestChain;
let t: TestApp | undefined;
beforeAll(async () => {
  chain = await startTestChain();
  if (process.env.TEST_DATABASE_URL) t = await createTestApp(chain, "postgres");
});
afterAll(async () => {
  await t?.close();
  await chain?.stop();
});

describe("treasury payments on two instances", () => {
  it.runIf(process.env.TEST_DATABASE_URL)(
    "an instance waits while another signs and broadcasts from the treasury, then takes the next nonce",
    async () => {
      if (!t) throw new Error("no PostgreSQL app");
      const app = t.app;
      const treasury = chain.account(0);
      const client = app.deps.chain;
      const payments = treasuryPaymentsOf(app.deps);
      const [alice, bob] = [chain.account(1).address, chain.account(2).address];
      const other = createWalletClient({
        account: privateKeyToAccount(treasury.privateKey),
        chain: chainFor(t.config),
        transport: http(t.config.rpcUrl),
      });

      // The other instance has taken the lock and signed with the next nonce; it has not broadcast yet.
      let othersHash: `0x${string}` | undefined;
      let othersNonce = -1;
      const another = await openTransactionOfAnotherInstance(app.deps.database.db, async (tx) => {
        await lockTreasury(tx, treasury.address);
        othersNonce = await client.getTransactionCount({ address: treasury.address, blockTag: "pending" });
      });
      try {
        const ours = payments.send((_tx, sign) =>
          sign({
            purpose: `test-two-instances:${bob}`,
            kind: "welcome",
            description: null,
            call: { kind: "native", to: bob, amountWei: parseEther("0.001") },
          }),
        );
        expect(await settlesWithin(ours, 500), "this instance signed while the other held the treasury").toBe(false);
        const raw = await other.signTransaction(
          await other.prepareTransactionRequest({ to: alice, value: parseEther("0.001"), nonce: othersNonce }),
        );
        othersHash = await client.sendRawTransaction({ serializedTransaction: raw });
        another.release();
        await another.done;

        const oursHash = await ours;
        expect(await payments.settle(oursHash, { timeoutMs: 20_000 })).toBe("mined");
        const [theirs, mine] = await Promise.all([
          client.waitForTransactionReceipt({ hash: othersHash }),
          client.getTransaction({ hash: oursHash }),
        ]);
        expect(theirs.status).toBe("success");
        expect(mine.nonce).toBe(othersNonce + 1);
      } finally {
        another.release();
      }
    },
  );
});
