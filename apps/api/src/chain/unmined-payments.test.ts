/**
 * What the treasury's transactions not mined yet may cost (the welcome grants' and the relay's reserve check,
 * and the re-pricing's budget): by nonce, the dearest copy's gas at its fee cap plus its value, from the nonce
 * the chain has used on. A payment recorded mined whose nonce the read block had not used counts too: it was
 * mined after that block, so the balance read at it still holds its coin.
 */
import { parseEther, parseGwei } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../db/client";
import { treasuryPayments } from "../db/schema";
import { createTestDatabase, testDatabaseKinds } from "../testing/database";
import { pendingCostsByNonce } from "./unmined-payments";

const treasury = privateKeyToAccount(generatePrivateKey());
const to = privateKeyToAccount(generatePrivateKey()).address;

/** Real signed bytes: 21,000 gas at `maxFee` gwei, `value` ETH. */
const signed = (nonce: number, maxFee: string, value: string) =>
  treasury.signTransaction({
    chainId: 11155111,
    to,
    nonce,
    gas: 21_000n,
    maxFeePerGas: parseGwei(maxFee),
    maxPriorityFeePerGas: parseGwei("1"),
    value: parseEther(value),
  });

describe.each(testDatabaseKinds())("pendingCostsByNonce on %s", (kind) => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(async () => {
    await database?.close();
  });

  it("counts each unmined nonce once, at its dearest copy; a payment mined past the read block counts too", async () => {
    const rows: [number, string, string, "signed" | "mined" | "dropped" | "replaced"][] = [
      [4, "10", "1", "mined"], // nonce used at the read block: in the balance already
      [5, "10", "0.5", "signed"],
      [5, "30", "0.5", "signed"], // its re-signed copy: the node holds one of the two
      [6, "20", "0.25", "mined"], // recorded mined, but after the block `used` was read at
      [7, "50", "2", "dropped"],
      [8, "50", "2", "replaced"],
    ];
    for (const [i, [nonce, fee, value, status]] of rows.entries()) {
      await database.db.insert(treasuryPayments).values({
        txHash: `0x${String(i + 1).padStart(64, "0")}`,
        purpose: `welcome-eth:test-${nonce}-${i}`,
        kind: "welcome",
        description: null,
        toWallets: [to.toLowerCase()],
        amountWei: parseEther(value).toString(),
        native: true,
        nonce,
        rawTx: await signed(nonce, fee, value),
        status,
      });
    }
    const costs = await pendingCostsByNonce(database.db, 5);
    const gas = (fee: string) => 21_000n * parseGwei(fee);
    expect(costs).toEqual(
      new Map([
        [5, gas("30") + parseEther("0.5")],
        [6, gas("20") + parseEther("0.25")],
      ]),
    );
  });
});
