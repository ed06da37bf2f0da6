/** The whitelist and whitelist mode, set by the admin and obeyed by profile creation. */
import { messages } from "@classcoin/shared/messages";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminCalls } from "../../testing/admin";
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

describe.each(testDatabaseKinds())("admin whitelist on %s", (kind) => {
  let t: TestApp;
  let admin: ReturnType<typeof adminCalls>;

  beforeAll(async () => {
    t = await createTestApp(chain, kind);
    admin = adminCalls(t.app);
  });
  afterAll(async () => {
    await t?.close();
  });

  it("whitelist mode is switched on and off and read back", async () => {
    expect((await admin.get("settings")).json()).toEqual({ whitelistMode: false });
    const on = await admin.post("/settings", { key: "whitelistMode", value: true });
    expect(on.json()).toEqual({ success: true, message: "Whitelist mode enabled", settings: { whitelistMode: true } });
    expect((await admin.get("settings")).json()).toEqual({ whitelistMode: true });
    const off = await admin.post("/settings", { key: "whitelistMode", value: false });
    expect(off.json().message).toBe("Whitelist mode disabled");
    expect((await admin.get("settings")).json()).toEqual({ whitelistMode: false });
    const unknown = await admin.post("/settings", { key: "somethingElse", value: true });
    expect(unknown.statusCode).toBe(400);
  });

  it("in whitelist mode set by the admin, only a wallet the admin whitelisted can create a profile", async () => {
    const key = generatePrivateKey();
    const wallet = privateKeyToAccount(key).address;
    await chain.fund(wallet, 1);
    const cookie = await signIn(t, key);
    const create = async () => {
      const body = await multipartBody({
        wallet,
        name: "Newcomer",
        birthday: "2011-03-03",
        starSign: "Pisces",
        balance: "1",
      });
      return t.app.inject({
        method: "POST",
        url: "/api/profiles",
        payload: body.payload,
        headers: { ...body.headers, cookie },
      });
    };
    expect((await admin.post("/settings", { key: "whitelistMode", value: true })).statusCode).toBe(200);
    try {
      const refused = await create();
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error).toBe(messages.profile.whitelist);
      expect((await admin.post("/whitelist/add", { wallet, notes: "late joiner" })).statusCode).toBe(200);
      expect((await create()).statusCode).toBe(201);
    } finally {
      expect((await admin.post("/settings", { key: "whitelistMode", value: false })).statusCode).toBe(200);
      expect((await admin.post("/whitelist/remove", { wallet })).statusCode).toBe(200);
    }
  });

  it("wallets are added to and removed from the whitelist; a missing wallet and a duplicate are refused", async () => {
    const wallet = chain.wallet(5).account.address;
    const added = await admin.post("/whitelist/add", { wallet, notes: "Class 3B" });
    expect(added.statusCode).toBe(200);
    expect(added.json()).toMatchObject({
      success: true,
      message: "Wallet added to the whitelist",
      entry: { wallet: wallet.toLowerCase(), notes: "Class 3B" },
    });
    const list = (await admin.get("whitelist")).json();
    expect(list).toEqual([
      {
        _id: expect.any(String),
        wallet: wallet.toLowerCase(),
        notes: "Class 3B",
        addedAt: expect.any(String),
        grant: added.json().grant,
      },
    ]);

    const duplicate = await admin.post("/whitelist/add", { wallet: wallet.toLowerCase(), notes: "" });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().error).toBe("This wallet is already on the whitelist");

    const missing = await admin.post("/whitelist/add", { wallet: "", notes: "x" });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toEqual(["wallet: Wallet address is required"]);
    const absent = await admin.post("/whitelist/add", { notes: "x" });
    expect(absent.statusCode).toBe(400);
    expect(absent.json().errors).toEqual(["wallet: Wallet address is required"]);

    const removed = await admin.post("/whitelist/remove", { wallet });
    expect(removed.json()).toEqual({ success: true, message: "Wallet removed from the whitelist" });
    expect((await admin.get("whitelist")).json()).toEqual([]);
    expect((await admin.post("/whitelist/remove", { wallet })).statusCode).toBe(404);
  });
});
