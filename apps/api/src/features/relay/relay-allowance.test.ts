/**
 * `GET /api/relay/allowance`: what the session's wallet may still relay today, the class's, and whether the
 * relay runs, so /wallet stops offering "Send without gas" once the relay would refuse it (it used to be
 * offered, signed, and only then refused). Counted by the relay's own rule: the remaining reaches 0 exactly when
 * the next transfer gets the 429.
 */
import { messages } from "@classcoin/shared/messages";
import { parseUnits } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { profiles } from "../../db/schema";
import { createTestApp, type TestApp } from "../../testing/app";
import { startTestChain, type TestChain } from "../../testing/chain";
import { testDatabaseKinds } from "../../testing/database";
import { minedIfRelayed, signedAuthorization } from "../../testing/relay-authorization";
import { signIn } from "../../testing/sign-in";

let chain: TestChain;
beforeAll(async () => {
  chain = await startTestChain();
});
afterAll(async () => {
  await chain?.stop();
});

const DAY_MS = 24 * 60 * 60 * 1000;

/** A class member with 5 CC on `t`: their session, and `send()` relaying 1 CC of theirs to dev account 2. */
async function member(t: TestApp) {
  const key = generatePrivateKey();
  const wallet = privateKeyToAccount(key).address.toLowerCase() as `0x${string}`;
  await chain.fund(wallet, 5);
  await t.database.db.insert(profiles).values({ wallet, name: "Sender", birthday: "2010-01-01", starSign: "Leo" });
  const cookie = await signIn(t, key);
  const send = async () =>
    minedIfRelayed(
      chain.publicClient,
      t.app.inject({
        method: "POST",
        url: "/api/relay/transfer",
        payload: await signedAuthorization({
          from: wallet,
          key,
          chainId: t.config.chainId,
          token: chain.tokenAddress,
          overrides: { value: parseUnits("1", 18) },
        }),
        headers: { cookie },
      }),
    );
  const allowance = async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/relay/allowance", headers: { cookie } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers["cache-control"]).toBe("no-store");
    return res.json();
  };
  return { wallet, send, allowance };
}

describe.each(testDatabaseKinds())("a student's gasless allowance on %s", (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(chain, kind, { RELAY_DAILY_LIMIT: "2", RELAY_CLASS_DAILY_LIMIT: "3" });
  });
  afterAll(async () => {
    await t?.close();
  });

  it("counts down with each relayed transfer; at 0 the relay refuses, and it says when one frees up", async () => {
    const [ada, ben] = [await member(t), await member(t)];
    expect(await ada.allowance()).toEqual({
      gasless: "on",
      dailyLimit: 2,
      remaining: 2,
      classDailyLimit: 3,
      classRemaining: 3,
      nextAt: null,
    });
    const first = Date.now();
    expect((await ada.send()).statusCode).toBe(200);
    expect(await ada.allowance()).toMatchObject({ remaining: 1, classRemaining: 2, nextAt: null });
    expect((await ada.send()).statusCode).toBe(200);
    const used = await ada.allowance();
    expect(used).toMatchObject({ gasless: "on", remaining: 0, classRemaining: 1 });
    // The first of the two leaves the 24-hour window a day after it was sent.
    const nextAt = Date.parse(used.nextAt);
    expect(nextAt).toBeGreaterThanOrEqual(first + DAY_MS - 5_000);
    expect(nextAt).toBeLessThanOrEqual(Date.now() + DAY_MS + 5_000);
    // The relay agrees: the next one is refused.
    const refused = await ada.send();
    expect([refused.statusCode, refused.json().error]).toEqual([429, messages.relay.dailyLimit(2)]);
    expect((await ada.allowance()).remaining).toBe(0);

    // Another student has their own, and shares the class's: its last one taken, none is left for anyone.
    expect(await ben.allowance()).toMatchObject({ remaining: 2, classRemaining: 1, nextAt: null });
    expect((await ben.send()).statusCode).toBe(200);
    const classUsed = await ben.allowance();
    expect(classUsed).toMatchObject({ remaining: 1, classRemaining: 0 });
    expect(Date.parse(classUsed.nextAt)).toBe(nextAt);
    const classRefused = await ben.send();
    expect([classRefused.statusCode, classRefused.json().error]).toEqual([429, messages.relay.classDailyLimit(3)]);
  });

  it("refuses a signed-out or expired request with 401", async () => {
    for (const headers of [{}, { cookie: "classcoin_session=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA" }]) {
      const res = await t.app.inject({ method: "GET", url: "/api/relay/allowance", headers });
      expect(res.statusCode, res.body).toBe(401);
      expect(res.json()).toEqual({ error: messages.auth.required });
    }
  });
});

describe("a student's gasless allowance while the treasury is low", () => {
  it("says paused while the treasury's ETH is below RELAY_TREASURY_RESERVE_ETH", async () => {
    const t = await createTestApp(chain, "pglite", { RELAY_TREASURY_RESERVE_ETH: "20000" });
    try {
      const ada = await member(t);
      expect(await ada.allowance()).toMatchObject({ gasless: "paused", remaining: 50 });
    } finally {
      await t.close();
    }
  });
});
