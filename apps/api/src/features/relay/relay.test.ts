/**
 * Gasless transfers (issue 14, EIP-3009): a class member with 0 ETH signs a transfer authorization and the
 * treasury relays it; a forged, expired, reused or foreign signature, a stranger, another wallet's session
 * and the daily limit are refused and move nothing. A relayed tip is recorded like any tip.
 */
import { classCoinDomain, randomAuthorizationNonce, transferWithAuthorizationTypes } from "@classcoin/shared/gasless";
import { messages } from "@classcoin/shared/messages";
import { eq } from "drizzle-orm";
import { parseUnits } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { treasuryPaymentsOf } from "../../chain/treasury-payments";
import { profiles, projects, treasuryPayments } from "../../db/schema";
import { type OpenTransaction, openTransactionOfAnotherInstance, settlesWithin } from "../../testing/another-instance";
import { createTestApp, type TestApp } from "../../testing/app";
import { startTestChain, type TestChain } from "../../testing/chain";
import { testDatabaseKinds } from "../../testing/database";
import { minedIfRelayed, signedAuthorization } from "../../testing/relay-authorization";
import { signIn } from "../../testing/sign-in";
import { dev } from "../../testing/transfers";
import { lockRelaySender } from "./service";

let chain: TestChain;
beforeAll(async () => {
  chain = await startTestChain();
});
afterAll(async () => {
  await chain?.stop();
});

const cc = (n: number) => parseUnits(String(n), 18);

const figures: string[] = [];

describe.each(testDatabaseKinds())("gasless transfers on %s", (kind) => {
  let t: TestApp;
  const key = generatePrivateKey();
  const student = privateKeyToAccount(key);
  const wallet = student.address.toLowerCase() as `0x${string}`;
  let cookie: string;

  beforeAll(async () => {
    t = await createTestApp(chain, kind);
    await chain.fund(wallet, 50);
    await t.database.db.insert(profiles).values([
      { wallet, name: "No Gas", birthday: "2010-01-01", starSign: "Leo" },
      { wallet: dev(2), name: "Author", birthday: "2010-01-01", starSign: "Leo" },
    ]);
    cookie = await signIn(t, key);
  });
  afterAll(async () => {
    await t?.close();
    if (kind === testDatabaseKinds().at(-1)) console.log(`relay figures: ${figures.join("; ")}`);
  });

  const authorization = (
    overrides: Partial<{ to: `0x${string}`; value: bigint; validAfter: bigint; validBefore: bigint }> = {},
    options: { signer?: `0x${string}`; chainId?: number; token?: `0x${string}` } = {},
  ) =>
    signedAuthorization({
      from: wallet,
      key: options.signer ?? key,
      chainId: options.chainId ?? t.config.chainId,
      token: options.token ?? chain.tokenAddress,
      overrides,
    });
  const relay = (body: Record<string, unknown>, withCookie: string | null = cookie) =>
    minedIfRelayed(
      chain.publicClient,
      t.app.inject({
        method: "POST",
        url: "/api/relay/transfer",
        payload: body,
        headers: withCookie ? { cookie: withCookie } : {},
      }),
    );

  it("a member with 0 ETH sends CC without gas; the treasury pays it", async () => {
    expect(await chain.publicClient.getBalance({ address: wallet })).toBe(0n);
    const [mine, theirs] = [await chain.balanceOf(wallet), await chain.balanceOf(dev(2))];
    const started = performance.now();
    const res = await relay(await authorization());
    const ms = performance.now() - started;
    expect(res.statusCode, res.body).toBe(200);
    const { txHash } = res.json();
    expect(await chain.balanceOf(wallet)).toBe(mine - cc(2));
    expect(await chain.balanceOf(dev(2))).toBe(theirs + cc(2));
    expect(await chain.publicClient.getBalance({ address: wallet })).toBe(0n);
    // Answered once sent; the payment is followed to its receipt afterwards (the settler, or here at once).
    expect(await treasuryPaymentsOf(t.app.deps).settle(txHash, { timeoutMs: 5_000 })).toBe("mined");
    const [payment] = await t.database.db.select().from(treasuryPayments).where(eq(treasuryPayments.txHash, txHash));
    expect(payment).toMatchObject({ kind: "relay", status: "mined" });
    figures.push(`${kind}: treasury gas per relayed transfer ${payment?.gasUsed}, end-to-end ${ms.toFixed(0)} ms`);
  });

  it("tells where a relayed transfer stands by its hash, and nothing of other transactions", async () => {
    const res = await relay(await authorization({ value: cc(1) }));
    expect(res.statusCode, res.body).toBe(200);
    const { txHash } = res.json();
    await treasuryPaymentsOf(t.app.deps).settle(txHash, { timeoutMs: 5_000 });
    const standing = (hash: string) => t.app.inject({ method: "GET", url: `/api/relay/transfers/${hash}` });
    const mined = await standing(txHash);
    expect(mined.statusCode).toBe(200);
    expect(mined.json()).toEqual({ status: "mined", txHash });
    // A treasury payment that is not a relayed transfer (a welcome grant, a reward) and a hash never sent.
    const [other] = await t.database.db
      .insert(treasuryPayments)
      .values({
        txHash: `0x${"ab".repeat(32)}`,
        purpose: `award:relay-test:${kind}`,
        kind: "award",
        toWallets: [wallet],
        amountWei: "1",
        nonce: 999_999,
        rawTx: "0x00",
        status: "mined",
      })
      .returning();
    for (const hash of [other!.txHash, `0x${"cd".repeat(32)}`]) {
      const unknown = await standing(hash);
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toEqual({ error: messages.relay.unknownTransfer });
    }
    const bad = await standing("0x1234");
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toMatch(/Invalid transaction hash/);
  });

  it("a relayed transfer to a project's author is recorded as a tip", async () => {
    const [project] = await t.database.db
      .insert(projects)
      .values({ authorWallet: dev(2), projectNumber: 1, title: "Fox", image: "fox.webp" })
      .returning();
    const res = await relay(await authorization({ value: cc(3) }));
    expect(res.statusCode, res.body).toBe(200);
    const tip = await t.app.inject({
      method: "POST",
      url: "/api/projects/send-coin",
      payload: {
        fromWallet: wallet,
        toWallet: dev(2),
        amount: 3,
        projectId: String(project!.id),
        txHash: res.json().txHash,
      },
      headers: { cookie },
    });
    expect(tip.statusCode, tip.body).toBe(200);
    const [row] = await t.database.db.select().from(projects).where(eq(projects.id, project!.id));
    expect(row?.totalReceived).toBe(3);
  });

  it("refuses a forged, expired, reused or foreign signature, moving nothing", async () => {
    const before = await chain.balanceOf(wallet);
    const payments = (await t.database.db.select().from(treasuryPayments)).length;
    const stranger = generatePrivateKey();
    const expect400 = async (body: Record<string, unknown>, error: string) => {
      const res = await relay(body);
      expect([res.statusCode, res.json().error]).toEqual([400, error]);
    };
    const badSignature =
      "The signature does not match this transfer and wallet. Please send again from the sending wallet.";
    await expect400(await authorization({}, { signer: stranger }), badSignature);
    const honest = await authorization();
    await expect400({ ...honest, value: cc(40).toString() }, badSignature);
    await expect400(await authorization({}, { chainId: 11_155_111 }), badSignature);
    await expect400(await authorization({}, { token: `0x${"12".repeat(20)}` }), badSignature);
    const now = BigInt(Math.floor(Date.now() / 1000));
    await expect400(
      await authorization({ validBefore: now - 1n }),
      "This transfer authorization has expired or is not valid yet. Please send again.",
    );
    await expect400(
      await authorization({ validAfter: now + 600n, validBefore: now + 1200n }),
      "This transfer authorization has expired or is not valid yet. Please send again.",
    );
    // Seconds left: mined after validBefore it would revert, the treasury paying its gas for nothing.
    await expect400(
      await authorization({ validBefore: now + 3n }),
      "This transfer authorization expires too soon to be mined in time (it must stay valid for at least 5 more seconds). Please send again.",
    );
    expect(await chain.balanceOf(wallet)).toBe(before);
    expect(await t.database.db.select().from(treasuryPayments)).toHaveLength(payments);

    // Reused: the same authorization a second time (the first one went through).
    expect((await relay(honest)).statusCode).toBe(200);
    const again = await relay(honest);
    expect([again.statusCode, again.json().error]).toEqual([409, "This transfer authorization was already used."]);
    expect(await chain.balanceOf(wallet)).toBe(before - cc(2));
  });

  it("at once: one authorization twice is sent once (409), two the balance covers only one of send one (400)", async () => {
    const racerKey = generatePrivateKey();
    const racer = privateKeyToAccount(racerKey).address.toLowerCase() as `0x${string}`;
    await chain.fund(racer, 3);
    await t.database.db
      .insert(profiles)
      .values({ wallet: racer, name: "Racer", birthday: "2010-01-01", starSign: "Leo" });
    const racerCookie = await signIn(t, racerKey);
    const signedBy = (value: bigint) =>
      signedAuthorization({
        from: racer,
        key: racerKey,
        chainId: t.config.chainId,
        token: chain.tokenAddress,
        overrides: { value },
      });
    const outcome = (res: { statusCode: number; json(): { error?: string } }) =>
      res.statusCode === 200 ? "200" : `${res.statusCode} ${res.json().error}`;

    const once = await signedBy(cc(1));
    const twice = await Promise.all([relay(once, racerCookie), relay(once, racerCookie)]);
    expect(twice.map(outcome).sort()).toEqual(["200", "409 This transfer authorization was already used."]);

    // 2 CC left: each of these alone is covered, both are not.
    const [a, b] = await Promise.all([signedBy(cc(2)), signedBy(cc(2))]);
    const both = await Promise.all([relay(a, racerCookie), relay(b, racerCookie)]);
    // Before: the second reached the node's estimate and failed there, a 502 with a raw ERC20 error.
    expect(both.map(outcome).sort()).toEqual(["200", "400 Insufficient balance"]);
    expect(await chain.balanceOf(racer)).toBe(0n);
  });

  it("refuses without the sender's own session, for a stranger, and beyond the balance", async () => {
    const body = await authorization();
    expect((await relay(body, null)).statusCode).toBe(401);
    expect((await relay(body, await signIn(t, 3))).statusCode).toBe(403);
    const strangerKey = generatePrivateKey();
    const strangerWallet = privateKeyToAccount(strangerKey).address.toLowerCase() as `0x${string}`;
    await chain.fund(strangerWallet, 5);
    const now = BigInt(Math.floor(Date.now() / 1000));
    const message = {
      from: strangerWallet,
      to: dev(2),
      value: cc(1),
      validAfter: 0n,
      validBefore: now + 600n,
      nonce: randomAuthorizationNonce(),
    };
    const signature = await privateKeyToAccount(strangerKey).signTypedData({
      domain: classCoinDomain(t.config.chainId, chain.tokenAddress),
      types: transferWithAuthorizationTypes,
      primaryType: "TransferWithAuthorization",
      message,
    });
    const foreign = await relay(
      {
        ...message,
        value: "1000000000000000000",
        validAfter: "0",
        validBefore: message.validBefore.toString(),
        signature,
      },
      await signIn(t, strangerKey),
    );
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().error).toMatch(/class members/);
    const tooMuch = await relay(await authorization({ value: cc(100_000) }));
    expect([tooMuch.statusCode, tooMuch.json().error]).toEqual([400, "Insufficient balance"]);
    expect(await chain.balanceOf(strangerWallet)).toBe(cc(5));
  });
});

describe("the relay's daily limit", () => {
  /** A member with 5 CC on an app with RELAY_DAILY_LIMIT=1, and `send()` relaying 1 CC of theirs. */
  async function limitedMember(kind: "pglite" | "postgres") {
    const t = await createTestApp(chain, kind, { RELAY_DAILY_LIMIT: "1" });
    const key = generatePrivateKey();
    const wallet = privateKeyToAccount(key).address.toLowerCase() as `0x${string}`;
    await chain.fund(wallet, 5);
    await t.database.db.insert(profiles).values({ wallet, name: "Limit", birthday: "2010-01-01", starSign: "Leo" });
    const cookie = await signIn(t, key);
    const send = async () =>
      t.app.inject({
        method: "POST",
        url: "/api/relay/transfer",
        payload: await signedAuthorization({
          from: wallet,
          key,
          chainId: t.config.chainId,
          token: chain.tokenAddress,
          overrides: { value: cc(1) },
        }),
        headers: { cookie },
      });
    return { t, wallet, send };
  }

  it("refuses the transfer after RELAY_DAILY_LIMIT in a day with 429", async () => {
    const { t, wallet, send } = await limitedMember("pglite");
    try {
      expect((await send()).statusCode).toBe(200);
      const second = await send();
      expect([second.statusCode, second.json().error]).toEqual([
        429,
        "You have used today's 1 gasless transfers. Try again tomorrow, or pay the gas yourself.",
      ]);
      expect(await chain.balanceOf(wallet)).toBe(cc(4));
    } finally {
      await t.close();
    }
  });

  it.runIf(process.env.TEST_DATABASE_URL)(
    "counts another instance's relay of the same sender, still being recorded, before taking the last one",
    async () => {
      const { t, wallet, send } = await limitedMember("postgres");
      let other: OpenTransaction | undefined;
      try {
        // Another instance on the same database, in the middle of relaying this sender's transfer: its lock
        // taken, its payment recorded, its transaction not yet committed.
        other = await openTransactionOfAnotherInstance(t.database.db, async (tx) => {
          await lockRelaySender(tx, wallet);
          await tx.insert(treasuryPayments).values({
            txHash: `0x${"ab".repeat(32)}`,
            purpose: `relay:${wallet}:0x${"01".repeat(32)}`,
            kind: "relay",
            toWallets: [dev(2)],
            amountWei: cc(1).toString(),
            nonce: 1_000_000,
            rawTx: "0x00",
            status: "mined",
          });
        });
        const mine = send();
        // Without the lock this request counted 0 (the other's row is not committed) and relayed: two in a day.
        expect(await settlesWithin(mine, 500)).toBe(false);
        other.release();
        await other.done;
        const res = await mine;
        expect([res.statusCode, res.json().error]).toEqual([
          429,
          "You have used today's 1 gasless transfers. Try again tomorrow, or pay the gas yourself.",
        ]);
        expect(await chain.balanceOf(wallet)).toBe(cc(5));
      } finally {
        other?.release();
        await t.close();
      }
    },
  );
});
