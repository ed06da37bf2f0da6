/**
 * The relay's budget (security audit): the treasury pays about 72,000 gas for any relayed transfer, so 1-wei
 * transfers to 0x…dEaD let one student spend its ETH, and with it the bounty rewards, awards and welcome
 * grants it also pays. A transfer below RELAY_MIN_AMOUNT_CC is refused before the chain is asked; relays stop
 * while the treasury is down to RELAY_TREASURY_RESERVE_ETH, and after RELAY_CLASS_DAILY_LIMIT a day for the
 * whole class, counted in the database so that several instances agree. A refusal moves and records nothing.
 */
import { RELAY_MIN_AMOUNT_CC, RELAY_MIN_VALUE_WEI } from "@classcoin/shared/gasless";
import { messages } from "@classcoin/shared/messages";
import { eq } from "drizzle-orm";
import { parseEther, parseUnits, zeroAddress } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createTreasuryPayments } from "../../chain/treasury-payments";
import { profiles, treasuryPayments } from "../../db/schema";
import { adminCalls } from "../../testing/admin";
import { type OpenTransaction, openTransactionOfAnotherInstance, settlesWithin } from "../../testing/another-instance";
import { createTestApp, type TestApp } from "../../testing/app";
import { startTestChain, type TestChain } from "../../testing/chain";
import { testDatabaseKinds } from "../../testing/database";
import { minedIfRelayed, signedAuthorization } from "../../testing/relay-authorization";
import { signIn } from "../../testing/sign-in";
import { dev } from "../../testing/transfers";
import { lockRelayClass } from "./service";

let chain: TestChain;

beforeAll(async () => {
  chain = await startTestChain();
});

afterAll(async () => {
  await chain?.stop();
});

const cc = (n: number) => parseUnits(String(n), 18);

/** A class member with `funds` CC on `t`, and `send(value)` relaying `value` of theirs to dev account 2. */
async function member(t: TestApp, funds = 5) {
  const key = generatePrivateKey();
  const wallet = privateKeyToAccount(key).address.toLowerCase() as `0x${string}`;
  await chain.fund(wallet, funds);
  await t.database.db.insert(profiles).values({ wallet, name: "Sender", birthday: "2010-01-01", starSign: "Leo" });
  const cookie = await signIn(t, key);
  const send = async (value: bigint, options: { signer?: `0x${string}`; to?: `0x${string}` } = {}) =>
    minedIfRelayed(
      chain.publicClient,
      t.app.inject({
        method: "POST",
        url: "/api/relay/transfer",
        payload: await signedAuthorization({
          from: wallet,
          key: options.signer ?? key,
          chainId: t.config.chainId,
          token: chain.tokenAddress,
          overrides: { value, ...(options.to && { to: options.to }) },
        }),
        headers: { cookie },
      }),
    );
  return { wallet, send };
}

const refusal = (res: { statusCode: number; json(): { error?: string } }) => [res.statusCode, res.json().error];

describe("the relay's minimum amount", () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(chain, "pglite");
  });

  afterAll(async () => {
    await t?.close();
  });

  it("refuses a transfer to the zero address with 400 and says why, before asking the chain (was a 502 with revert data)", async () => {
    const { wallet, send } = await member(t);
    const before = await chain.balanceOf(wallet);
    const reads = [vi.spyOn(t.app.deps.chain, "readContract"), vi.spyOn(t.app.deps.chain, "getBalance")];
    try {
      const res = await send(cc(1), { to: zeroAddress });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().errors).toEqual([`to: ${messages.relay.zeroRecipient}`]);
      for (const read of reads) expect(read).not.toHaveBeenCalled();
    } finally {
      for (const read of reads) read.mockRestore();
    }
    expect(await t.database.db.select().from(treasuryPayments)).toHaveLength(0);
    expect(await chain.balanceOf(wallet)).toBe(before);
  });

  it("refuses less than RELAY_MIN_AMOUNT_CC with 400 before asking the chain; the minimum itself is sent", async () => {
    const { wallet, send } = await member(t);
    const before = await chain.balanceOf(wallet);
    const belowMinimum = messages.relay.belowMinimum(RELAY_MIN_AMOUNT_CC);
    expect(belowMinimum).toBe(
      "Gasless transfers must be at least 0.01 CC (the treasury pays the same gas for any amount). Send more, or pay the gas yourself.",
    );
    expect(RELAY_MIN_VALUE_WEI).toBe(parseUnits(RELAY_MIN_AMOUNT_CC, 18));
    const reads = [vi.spyOn(t.app.deps.chain, "readContract"), vi.spyOn(t.app.deps.chain, "getBalance")];
    try {
      // The audit's transfer (1 wei), and one just under the minimum.
      for (const value of [1n, RELAY_MIN_VALUE_WEI - 1n]) {
        expect(refusal(await send(value))).toEqual([400, belowMinimum]);
      }
      for (const read of reads) expect(read).not.toHaveBeenCalled();
      expect(await t.database.db.select().from(treasuryPayments)).toHaveLength(0);
      expect(await chain.balanceOf(wallet)).toBe(before);
      const minimum = await send(RELAY_MIN_VALUE_WEI);
      expect(minimum.statusCode, minimum.body).toBe(200);
      // The spies do see the chain being asked (the nonce, the balances).
      for (const read of reads) expect(read).toHaveBeenCalled();
    } finally {
      for (const read of reads) read.mockRestore();
    }
    expect(await chain.balanceOf(wallet)).toBe(before - RELAY_MIN_VALUE_WEI);
  });

  it("a transfer whose broadcast the RPC refuses (429) is answered as sent and goes out once, from the settler", async () => {
    const key = generatePrivateKey();
    const wallet = privateKeyToAccount(key).address.toLowerCase() as `0x${string}`;
    await chain.fund(wallet, 5);
    await t.database.db.insert(profiles).values({ wallet, name: "Sender", birthday: "2010-01-01", starSign: "Leo" });
    const cookie = await signIn(t, key);
    const [mine, theirs] = [await chain.balanceOf(wallet), await chain.balanceOf(dev(2))];
    const refused = vi
      .spyOn(t.app.deps.chain, "sendRawTransaction")
      .mockRejectedValueOnce(new Error("HTTP request failed. Status: 429 Details: Too Many Requests"));
    let res: Awaited<ReturnType<typeof t.app.inject>>;
    try {
      res = await t.app.inject({
        method: "POST",
        url: "/api/relay/transfer",
        headers: { cookie },
        payload: await signedAuthorization({
          from: wallet,
          key,
          chainId: t.config.chainId,
          token: chain.tokenAddress,
          overrides: { value: cc(2) },
        }),
      });
    } finally {
      refused.mockRestore();
    }
    // Before: 502 "The payment could not be sent", for a transfer recorded and sent by the settler later: a
    // student sending again paid twice.
    expect(res.statusCode, res.body).toBe(200);
    const { txHash } = res.json() as { txHash: `0x${string}` };
    const standing = async () =>
      (await t.app.inject({ method: "GET", url: `/api/relay/transfers/${txHash}` })).json().status;
    expect(await standing()).toBe("signed");
    expect(await chain.balanceOf(wallet)).toBe(mine);
    // A settler round (another server's: this one sent the bytes a moment ago and would wait 15 s).
    await createTreasuryPayments(t.config, t.app.deps.chain, t.database).settleOpen();
    await chain.publicClient.waitForTransactionReceipt({ hash: txHash });
    await createTreasuryPayments(t.config, t.app.deps.chain, t.database).settleOpen();
    expect(await standing()).toBe("mined");
    expect([await chain.balanceOf(wallet), await chain.balanceOf(dev(2))]).toEqual([mine - cc(2), theirs + cc(2)]);
  });
});

describe("the treasury's reserve", () => {
  it("is 0.05 ETH unless RELAY_TREASURY_RESERVE_ETH says otherwise", async () => {
    const t = await createTestApp(chain, "pglite");
    try {
      expect(t.config.relayTreasuryReserveWei).toBe(parseEther("0.05"));
    } finally {
      await t.close();
    }
  });

  it("refuses with 503 while the treasury's ETH is below it, moving and recording nothing", async () => {
    // A reserve above what the file's treasury holds (10,000 ETH): the treasury is below it.
    const t = await createTestApp(chain, "pglite", { RELAY_TREASURY_RESERVE_ETH: "20000" });
    try {
      const { wallet, send } = await member(t);
      const before = await chain.balanceOf(wallet);
      expect(refusal(await send(cc(1)))).toEqual([
        503,
        "The class treasury is down to the ETH it keeps for bounty rewards, awards and welcome grants, so gasless transfers are paused. Ask your instructor to top up the treasury with ETH (or pay the gas yourself, if your wallet has ETH).",
      ]);
      expect(await chain.balanceOf(wallet)).toBe(before);
      expect(await t.database.db.select().from(treasuryPayments)).toHaveLength(0);
      // The instructor's dashboard says so (before: only the student refused, and the server's log).
      const standing = await adminCalls(t.app).get("treasury");
      expect(standing.statusCode, standing.body).toBe(200);
      expect(standing.json()).toMatchObject({
        address: chain.account(0).address.toLowerCase(),
        reserveEth: "20000",
        gasless: "paused",
      });
      expect(Number(standing.json().eth)).toBeGreaterThan(9_000);
    } finally {
      await t.close();
    }
    const normal = await createTestApp(chain, "pglite");
    try {
      expect((await adminCalls(normal.app).get("treasury")).json()).toMatchObject({
        reserveEth: "0.05",
        gasless: "on",
      });
    } finally {
      await normal.close();
    }
  });

  it("counts what the treasury's transactions not mined yet may cost: relays stop before they spend the reserve", async () => {
    const t = await createTestApp(chain, "pglite", { RELAY_TREASURY_RESERVE_ETH: "1" });
    const treasury = chain.account(0);
    const before = await chain.publicClient.getBalance({ address: treasury.address });
    const pendingHash = `0x${"5e".repeat(32)}`;
    try {
      const { wallet, send } = await member(t);
      await chain.test.setBalance({ address: treasury.address, value: parseEther("1.5") });
      // Above the reserve with nothing pending: relayed.
      expect((await send(cc(1))).statusCode).toBe(200);
      // A roster's grant of 1 ETH signed and not mined yet (on Sepolia, for a block or more): the balance still
      // holds it. Before: relayed, the treasury left below its reserve once the grant was mined.
      const used = await chain.publicClient.getTransactionCount({ address: treasury.address });
      const rawTx = await privateKeyToAccount(treasury.privateKey).signTransaction({
        chainId: t.config.chainId,
        to: dev(3),
        value: parseEther("1"),
        nonce: used,
        gas: 21_000n,
        maxFeePerGas: 1n,
        maxPriorityFeePerGas: 1n,
      });
      await t.database.db.insert(treasuryPayments).values({
        txHash: pendingHash,
        purpose: "welcome-eth:pending-grant",
        kind: "welcome",
        description: null,
        toWallets: [dev(3)],
        amountWei: parseEther("1").toString(),
        native: true,
        nonce: used,
        rawTx,
      });
      const balance = await chain.balanceOf(wallet);
      expect(refusal(await send(cc(1)))).toEqual([503, messages.relay.treasuryReserve]);
      expect(await chain.balanceOf(wallet)).toBe(balance);
      expect(await t.database.db.select().from(treasuryPayments)).toHaveLength(2);
    } finally {
      await t.database.db.delete(treasuryPayments).where(eq(treasuryPayments.txHash, pendingHash));
      await chain.test.setBalance({ address: treasury.address, value: before }).catch(() => {});
      await t.close();
    }
  });
});

describe.each(testDatabaseKinds())("the class's daily limit on %s", (kind) => {
  const classLimit = (limit: number) => [
    429,
    `The class has used today's ${limit} gasless transfers, all the treasury pays gas for in a day. Pay the gas yourself, or try again tomorrow.`,
  ];

  it("refuses any member's transfer with 429 once the class has had RELAY_CLASS_DAILY_LIMIT", async () => {
    const t = await createTestApp(chain, kind, { RELAY_CLASS_DAILY_LIMIT: "2" });
    try {
      const [ada, ben, cleo] = [await member(t), await member(t), await member(t)];
      expect((await ada.send(cc(1))).statusCode).toBe(200);
      expect((await ben.send(cc(1))).statusCode).toBe(200);
      // Each of them well under their own limit (RELAY_DAILY_LIMIT, 50).
      expect(refusal(await cleo.send(cc(1)))).toEqual(classLimit(2));
      expect(refusal(await ada.send(cc(1)))).toEqual(classLimit(2));
      expect(await chain.balanceOf(cleo.wallet)).toBe(cc(5));
      expect(await chain.balanceOf(ada.wallet)).toBe(cc(4));
      expect(await t.database.db.select().from(treasuryPayments)).toHaveLength(2);
    } finally {
      await t.close();
    }
  });

  it.runIf(kind === "postgres")(
    "counts another instance's relay of another sender, still being recorded, before taking the last one",
    async () => {
      const t = await createTestApp(chain, kind, { RELAY_CLASS_DAILY_LIMIT: "1" });
      let other: OpenTransaction | undefined;
      try {
        const { wallet, send } = await member(t);
        // Another instance on the same database, relaying someone else's transfer: the class's lock taken,
        // its payment recorded, its transaction not yet committed.
        other = await openTransactionOfAnotherInstance(t.database.db, async (tx) => {
          await lockRelayClass(tx);
          await tx.insert(treasuryPayments).values({
            txHash: `0x${"cd".repeat(32)}`,
            purpose: `relay:${dev(3)}:0x${"02".repeat(32)}`,
            kind: "relay",
            toWallets: [dev(2)],
            amountWei: cc(1).toString(),
            nonce: 1_000_001,
            rawTx: "0x00",
            status: "mined",
          });
        });
        const mine = send(cc(1));
        // Without the class's lock this request counted 0 (the other's row is not committed) and relayed.
        expect(await settlesWithin(mine, 500)).toBe(false);
        other.release();
        await other.done;
        expect(refusal(await mine)).toEqual(classLimit(1));
        expect(await chain.balanceOf(wallet)).toBe(cc(5));
      } finally {
        other?.release();
        await t.close();
      }
    },
  );
});
