/**
 * The roster and its welcome grant (issue 14): a pasted list is added whole or not at all; each wallet added
 * gets WELCOME_CC minted and WELCOME_ETH for gas once ever, through re-adds, retries and requests at once.
 */
import { messages } from "@classcoin/shared/messages";
import { eq } from "drizzle-orm";
import { formatEther, parseEther, parseUnits } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createIndexer } from "../../chain/indexer/indexer";
import { loadConfig } from "../../config";
import { bounties, profiles, treasuryPayments, welcomeGrants, whitelist } from "../../db/schema";
import { adminCalls, signedAdminRequest } from "../../testing/admin";
import { createTestApp, type TestApp } from "../../testing/app";
import { startTestChain, type TestChain } from "../../testing/chain";
import { testDatabaseKinds } from "../../testing/database";
import { multipartBody } from "../../testing/multipart";
import { signIn } from "../../testing/sign-in";

let chain: TestChain;
beforeAll(async () => {
  chain = await startTestChain();
});
afterAll(async () => {
  await chain?.stop();
});

const fresh = () => {
  const key = generatePrivateKey();
  return { key, wallet: privateKeyToAccount(key).address.toLowerCase() as `0x${string}` };
};
const eth = (wallet: `0x${string}`) => chain.publicClient.getBalance({ address: wallet });

describe.each(testDatabaseKinds())("roster and welcome grant on %s", (kind) => {
  let t: TestApp;
  let admin: ReturnType<typeof adminCalls>;

  beforeAll(async () => {
    t = await createTestApp(chain, kind, { WHITELIST_MODE_DEFAULT: "true" });
    admin = adminCalls(t.app);
  });
  afterAll(async () => {
    await t?.close();
  });

  it("a fresh wallet with 0 CC and 0 ETH is added, receives 10 CC and 0.01 ETH, and creates its profile", async () => {
    const student = fresh();
    expect(await chain.balanceOf(student.wallet)).toBe(0n);
    expect(await eth(student.wallet)).toBe(0n);
    expect((await admin.get("settings")).json()).toEqual({ whitelistMode: true });

    const res = await admin.post("/whitelist/add", { wallet: student.wallet, notes: "Ada, 3B" });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      message: "Wallet added to the whitelist",
      entry: { wallet: student.wallet, notes: "Ada, 3B" },
      grant: { wallet: student.wallet, cc: 10, eth: "0.01", state: "paid", ethSkipped: null },
    });
    expect(await chain.balanceOf(student.wallet)).toBe(parseUnits("10", 18));
    expect(await eth(student.wallet)).toBe(parseEther("0.01"));

    const cookie = await signIn(t, student.key);
    const form = await multipartBody({
      wallet: student.wallet,
      name: "Ada",
      birthday: "2010-05-05",
      starSign: "Leo",
      balance: 0,
    });
    const created = await t.app.inject({
      method: "POST",
      url: "/api/profiles",
      payload: form.payload,
      headers: { ...form.headers, cookie },
    });
    expect(created.statusCode, created.body).toBe(201);

    await createIndexer({ database: t.database, chain: t.app.deps.chain, config: t.config }).catchUp();
    const page = await t.app.inject({ method: "GET", url: `/api/explorer/transactions?wallet=${student.wallet}` });
    expect(page.json().transactions).toEqual([
      expect.objectContaining({ type: "system", description: "Welcome grant", toWallet: student.wallet, amount: 10 }),
    ]);
  });

  it("a pasted roster with bad lines is refused line by line and adds nothing", async () => {
    const a = fresh();
    const b = fresh();
    const before = await t.database.db.select().from(whitelist);
    const list = [
      `${a.wallet}, Ada`,
      "",
      "0x1234",
      `${b.wallet}`,
      `  ${a.wallet.toUpperCase().replace("0X", "0x")} ,again`,
    ].join("\n");
    const res = await admin.post("/whitelist/add-many", { list });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([
      'Line 3: "0x1234" is not a wallet address (0x followed by 40 hex characters)',
      "Line 5: the same wallet is already on line 1",
    ]);
    expect(await t.database.db.select().from(whitelist)).toEqual(before);
    expect(await eth(a.wallet)).toBe(0n);
    const empty = await admin.post("/whitelist/add-many", { list: " \n\n" });
    expect(empty.json().errors).toEqual(["Paste at least one wallet address (one per line: wallet[,notes])"]);
  });

  it("a pasted roster is added whole with one mint for all its CC; re-adding, retrying and remove + add never grant twice", async () => {
    const students = [fresh(), fresh(), fresh()];
    const list = students.map((s, i) => (i === 1 ? `${s.wallet},Grace, row 2` : s.wallet)).join("\r\n");
    const res = await admin.post("/whitelist/add-many", { list });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.message).toBe("3 wallets added to the whitelist");
    expect(body.added.map((e: { wallet: string; notes: string }) => [e.wallet, e.notes])).toEqual([
      [students[0]!.wallet, ""],
      [students[1]!.wallet, "Grace, row 2"],
      [students[2]!.wallet, ""],
    ]);
    expect(body.grants.map((g: { state: string }) => g.state)).toEqual(["paid", "paid", "paid"]);
    expect(new Set(body.grants.map((g: { ccTxHash: string }) => g.ccTxHash)).size).toBe(1);

    const again = await admin.post("/whitelist/add-many", { list: `${students[0]!.wallet}\n${students[1]!.wallet}` });
    expect(again.json()).toMatchObject({
      message: "0 wallets added to the whitelist, 2 already listed",
      skipped: [
        { line: 1, wallet: students[0]!.wallet, reason: "already on the whitelist" },
        { line: 2, wallet: students[1]!.wallet, reason: "already on the whitelist" },
      ],
    });
    expect((await admin.post("/whitelist/remove", { wallet: students[2]!.wallet })).statusCode).toBe(200);
    const readded = await admin.post("/whitelist/add", { wallet: students[2]!.wallet, notes: "" });
    expect(readded.statusCode).toBe(200);
    expect(readded.json().grant).toMatchObject({ state: "paid", ccTxHash: body.grants[2].ccTxHash });

    for (const s of students) {
      expect(await chain.balanceOf(s.wallet)).toBe(parseUnits("10", 18));
      expect(await eth(s.wallet)).toBe(parseEther("0.01"));
    }
  });

  it("figures: the treasury's gas per welcome grant, alone and in a roster of 30", async () => {
    const gasOf = async (hash: string | null) => {
      const [row] = await t.database.db
        .select()
        .from(treasuryPayments)
        .where(eq(treasuryPayments.txHash, hash ?? ""));
      return row?.gasUsed ?? 0;
    };
    const one = fresh();
    const single = (await admin.post("/whitelist/add", { wallet: one.wallet, notes: "" })).json().grant;
    const singleGas = (await gasOf(single.ccTxHash)) + (await gasOf(single.ethTxHash));
    const class30 = Array.from({ length: 30 }, fresh);
    const roster = (await admin.post("/whitelist/add-many", { list: class30.map((s) => s.wallet).join("\n") })).json();
    const mintGas = await gasOf(roster.grants[0].ccTxHash);
    const ethGas = await gasOf(roster.grants[0].ethTxHash);
    const perWallet = mintGas / 30 + ethGas;
    console.log(
      `welcome grant gas: one wallet ${singleGas} (mintBatch + native transfer); in a roster of 30, ` +
        `mintBatch ${mintGas} for all (${Math.round(mintGas / 30)} each) + ${ethGas} native each = ${Math.round(perWallet)} per wallet`,
    );
    expect(singleGas).toBeGreaterThan(21_000);
    expect(perWallet).toBeLessThan(singleGas);
  });

  it("two roster requests at once with the same wallets grant each wallet once", async () => {
    const students = [fresh(), fresh()];
    const list = students.map((s) => s.wallet).join("\n");
    const requests = await Promise.all(
      [0, 1].map(() => signedAdminRequest({ method: "POST", path: "/whitelist/add-many", body: { list } })),
    );
    const results = await Promise.all(requests.map((r) => t.app.inject(r.inject)));
    expect(results.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(results.map((r) => r.json().added.length).sort()).toEqual([0, 2]);
    for (const s of students) {
      expect(await chain.balanceOf(s.wallet)).toBe(parseUnits("10", 18));
      expect(await eth(s.wallet)).toBe(parseEther("0.01"));
      const [grant] = await t.database.db.select().from(welcomeGrants).where(eq(welcomeGrants.wallet, s.wallet));
      expect(grant?.ethTxHash).toEqual(expect.any(String));
    }
  });

  it("a dropped grant payment is sent again by the next roster request; a mined one never", async () => {
    const student = fresh();
    // What a crash left: the grant claimed and its CC payment recorded, but that transaction lost its nonce.
    const mined = await chain.publicClient.getTransactionCount({ address: chain.account(0).address });
    const lost = `0x${"ab".repeat(31)}${mined.toString(16).padStart(2, "0").slice(-2)}`;
    await t.database.db.insert(whitelist).values({ wallet: student.wallet });
    await t.database.db.insert(treasuryPayments).values({
      txHash: lost,
      purpose: `welcome-cc:lost-${student.wallet}`,
      kind: "welcome",
      description: "Welcome grant",
      toWallets: [student.wallet],
      amountWei: parseUnits("10", 18).toString(),
      nonce: mined - 1,
      rawTx: "0x00",
    });
    await t.database.db.insert(welcomeGrants).values({
      wallet: student.wallet,
      ccWei: parseUnits("10", 18).toString(),
      ethWei: "0",
      ethSkipped: "WELCOME_ETH is 0",
      ccTxHash: lost,
    });
    // The next request finds that payment dropped (its nonce is mined, it has no receipt) and mints again.
    const retry = await admin.post("/whitelist/add-many", { list: student.wallet });
    expect(retry.statusCode).toBe(200);
    expect(retry.json().grants[0]).toMatchObject({ state: "paid", cc: 10 });
    expect(retry.json().grants[0].ccTxHash).not.toBe(lost);
    const [payment] = await t.database.db.select().from(treasuryPayments).where(eq(treasuryPayments.txHash, lost));
    expect(payment?.status).toBe("dropped");
    const again = await admin.post("/whitelist/add-many", { list: student.wallet });
    expect(again.json().grants[0].ccTxHash).toBe(retry.json().grants[0].ccTxHash);
    expect(await chain.balanceOf(student.wallet)).toBe(parseUnits("10", 18));
  });
});

describe("welcome grant without native coin to spare, and the whitelist default", () => {
  it("sends the CC and records why no native coin was sent when the treasury has too little", async () => {
    const t = await createTestApp(chain, "pglite", { WELCOME_ETH: "999999", WELCOME_CC: "3" });
    try {
      const student = fresh();
      const res = await adminCalls(t.app).post("/whitelist/add", { wallet: student.wallet, notes: "" });
      expect(res.json().grant).toMatchObject({
        cc: 3,
        eth: "0",
        ethSkipped: "the treasury has too little native coin",
        ethTxHash: null,
        state: "paid",
      });
      expect(await chain.balanceOf(student.wallet)).toBe(parseUnits("3", 18));
      expect(formatEther(await eth(student.wallet))).toBe("0");
    } finally {
      await t.close();
    }
  });

  it("the grants' coin fits beside the gas of every transaction the treasury has waiting, at its fee cap", async () => {
    const t = await createTestApp(chain, "pglite", { WELCOME_ETH: "1", WELCOME_CC: "2" });
    const treasury = chain.account(0).address;
    const before = await eth(treasury);
    try {
      const [first, second] = [fresh(), fresh()];
      // The 0.01 reserve and two grants' coin to the wei, and 0.0001 ETH: less than the roster's mint and two
      // transfers cost in gas at their cap. Before: both grants' coin was signed, the node holding them to a
      // pending total above the balance (a geth node refuses the second: "insufficient funds").
      await chain.test.setBalance({ address: treasury, value: parseEther("2.0101") });
      const res = await adminCalls(t.app).post("/whitelist/add-many", { list: `${first.wallet}\n${second.wallet}` });
      expect(res.statusCode, res.body).toBe(200);
      const grants = res.json().grants as { wallet: string; eth: string; ethSkipped: string | null }[];
      // One of the two (the treasury sends in wallet order), whichever it is.
      expect(grants.map((g) => [g.eth, g.ethSkipped]).sort()).toEqual([
        ["0", messages.treasury.welcomeEthSkippedNoFunds],
        ["1", null],
      ]);
      const sent = grants.find((g) => g.eth === "1")!.wallet as `0x${string}`;
      expect(formatEther(await eth(sent))).toBe("1");
    } finally {
      await chain.test.setBalance({ address: treasury, value: before }).catch(() => {});
      await t.close();
    }
  });

  it("native coin skipped for want of coin is sent when the roster is added again after a top-up", async () => {
    const t = await createTestApp(chain, "pglite", { WELCOME_ETH: "5", WELCOME_CC: "2" });
    const treasury = chain.account(0).address;
    const before = await eth(treasury);
    try {
      const student = fresh();
      await chain.test.setBalance({ address: treasury, value: parseEther("1") });
      const poor = await adminCalls(t.app).post("/whitelist/add", { wallet: student.wallet, notes: "" });
      expect(poor.json().grant).toMatchObject({ eth: "0", ethSkipped: "the treasury has too little native coin" });
      await chain.test.setBalance({ address: treasury, value: before });
      // Before: the skip was for good; the roster added again sent nothing.
      const again = await adminCalls(t.app).post("/whitelist/add-many", { list: student.wallet });
      expect(again.statusCode, again.body).toBe(200);
      expect(again.json().grants[0]).toMatchObject({ cc: 2, eth: "5", ethSkipped: null, state: "paid" });
      // Said on its line and in the summary (before: "already on the whitelist", as if nothing was sent).
      expect(again.json().message).toBe(
        "0 wallets added to the whitelist, 1 already listed (the rest of the welcome grant sent to 1 of them)",
      );
      expect(again.json().skipped).toEqual([
        { line: 1, wallet: student.wallet, reason: messages.treasury.rosterAlreadyListedGrantSent },
      ]);
      expect(formatEther(await eth(student.wallet))).toBe("5");
      expect(await chain.balanceOf(student.wallet)).toBe(parseUnits("2", 18));
    } finally {
      await chain.test.setBalance({ address: treasury, value: before }).catch(() => {});
      await t.close();
    }
  });

  it("a treasury that cannot pay the gas: the wallets are added with a message, and the grants sent on the next add", async () => {
    const t = await createTestApp(chain, "pglite", { WELCOME_CC: "4" });
    const treasury = chain.account(0).address;
    const before = await eth(treasury);
    try {
      const student = fresh();
      await chain.test.setBalance({ address: treasury, value: 0n });
      const res = await adminCalls(t.app).post("/whitelist/add-many", { list: student.wallet });
      // Before: 500 "Something went wrong", with the wallet added and its grant half-recorded.
      expect(res.statusCode, res.body).toBe(200);
      // Said as what the instructor must do, not as the node's "gas required exceeds allowance".
      const cause = messages.treasury.treasuryOutOfGasCause(treasury, "0");
      expect(res.json().message).toBe(
        `1 wallet added to the whitelist. ${messages.treasury.welcomeGrantsNotSent(cause)}`,
      );
      expect(res.json().added.map((e: { wallet: string }) => e.wallet)).toEqual([student.wallet]);
      // Not "sent, not confirmed yet": nothing was sent.
      expect(res.json().grants[0]).toMatchObject({ state: "unsent", ccTxHash: null });
      // Nor does a bounty's reward say more than that.
      await t.database.db
        .insert(profiles)
        .values({ wallet: student.wallet, name: "Gasless Gus", birthday: "2010-01-01", starSign: "Leo" });
      const [bounty] = await t.database.db
        .insert(bounties)
        .values({ title: "Out of gas", description: "d", reward: 3 })
        .returning();
      const complete = await adminCalls(t.app).post("/bounties/complete", {
        bountyId: String(bounty!.id),
        wallet: student.wallet,
      });
      expect([complete.statusCode, complete.json().error]).toEqual([503, messages.treasury.treasuryOutOfGas(cause)]);
      expect((await t.database.db.select().from(bounties).where(eq(bounties.id, bounty!.id)))[0]?.status).toBe(
        "active",
      );
      await chain.test.setBalance({ address: treasury, value: before });
      const again = await adminCalls(t.app).post("/whitelist/add-many", { list: student.wallet });
      expect(again.statusCode, again.body).toBe(200);
      expect(again.json().grants[0]).toMatchObject({ cc: 4, state: "paid" });
      expect(await chain.balanceOf(student.wallet)).toBe(parseUnits("4", 18));
    } finally {
      await chain.test.setBalance({ address: treasury, value: before }).catch(() => {});
      await t.close();
    }
  });

  it("whitelist mode defaults on for Sepolia and off locally; WELCOME_ETH=0 turns the coin off", () => {
    const sepolia = loadConfig({
      CHAIN: "sepolia",
      RPC_URL: "https://rpc.example/key",
      PUBLIC_RPC_URL: "https://public.example",
      TOKEN_ADDRESS: `0x${"1".repeat(40)}`,
      ADMIN_WALLET: `0x${"2".repeat(40)}`,
      TREASURY_PRIVATE_KEY: `0x${"3".repeat(64)}`,
    });
    expect(sepolia.whitelistModeDefault).toBe(true);
    expect([sepolia.welcomeCc, sepolia.welcomeEthWei]).toEqual([10, parseEther("0.01")]);
    const local = loadConfig({ CHAIN: "local", WELCOME_ETH: "0" });
    expect([local.whitelistModeDefault, local.welcomeEthWei]).toEqual([false, 0n]);
    expect(() => loadConfig({ WELCOME_ETH: "lots" })).toThrow(/WELCOME_ETH: must be an amount of ETH/);
  });
});
