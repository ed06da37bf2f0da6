/**
 * The server's RPC provider meters calls (README "Which RPC plan"), so a request anyone can send must not cost
 * one each time. An audit burned one call per anonymous request: admin calls checked every junk signature on
 * chain (`eth_getCode`, or `eth_call` for one of another length), a sign-in's signature was checked on chain
 * before its nonce, and `GET /api/health` asked the node's chain id on every probe. Counted through a real
 * HTTP gateway in front of the test chain.
 */

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN_CALLS_PER_MINUTE } from "../auth/admin-route";
import { ADMIN_WALLET, adminInject, signedAdminRequest } from "../testing/admin";
import { createTestApp, type TestApp } from "../testing/app";
import { startTestChain, type TestChain } from "../testing/chain";
import { type RpcGateway, startRpcGateway } from "../testing/rpc-gateway";
import { signerAccount, signIn, siweMessageFor } from "../testing/sign-in";

let chain: TestChain;
let gateway: RpcGateway;
let t: TestApp;
beforeAll(async () => {
  chain = await startTestChain();
  gateway = await startRpcGateway(chain.rpcUrl);
  t = await createTestApp(chain, "pglite", { RPC_URL: gateway.url });
});
afterAll(async () => {
  await t?.close();
  await gateway?.down();
  await chain?.stop();
});

/** The RPC calls `work` makes, by method. */
async function callsDuring(work: () => Promise<void>): Promise<Record<string, number>> {
  const before = new Map(gateway.calls);
  await work();
  const made: Record<string, number> = {};
  for (const [method, n] of gateway.calls)
    if (n > (before.get(method) ?? 0)) made[method] = n - (before.get(method) ?? 0);
  return made;
}

describe("requests anyone can send do not cost an RPC call each", () => {
  it("junk admin signatures (65 bytes, other lengths) are refused without asking the chain each time", async () => {
    const made = await callsDuring(async () => {
      for (let i = 0; i < 40; i++) {
        for (const signature of [`0x${"ab".repeat(65)}`, `0x${"ab".repeat(66)}`, `0x${"cd".repeat(200)}`]) {
          const res = await t.app.inject(
            adminInject(
              "POST",
              "/bounties/delete",
              ADMIN_WALLET,
              { bountyId: "1" },
              `m${i}`,
              signature as `0x${string}`,
            ),
          );
          expect(res.statusCode).toBe(403);
        }
      }
    });
    // 120 refusals: at most the one look at whether the admin wallet is a contract (it is not), reused.
    expect(made.eth_call ?? 0).toBe(0);
    expect(made.eth_getCode ?? 0).toBeLessThanOrEqual(1);
    // The real admin still gets in, with no call either.
    const signed = await signedAdminRequest({ method: "GET", path: "/settings/:wallet" });
    const real = await callsDuring(async () => {
      const res = await t.app.inject(signed.inject);
      expect(res.statusCode, res.body).toBe(200);
    });
    expect(real.eth_call ?? 0).toBe(0);
  });

  it("a sign-in with a nonce the server never issued is refused before its signature is checked", async () => {
    const account = signerAccount(3);
    const made = await callsDuring(async () => {
      for (let i = 0; i < 20; i++) {
        const message = (await siweMessageFor(t, account.address)).replace(/Nonce: \w+/, `Nonce: forged${i}abcdef`);
        const res = await t.app.inject({
          method: "POST",
          url: "/api/auth/verify",
          payload: { message, signature: `0x${"ab".repeat(66)}` },
        });
        expect([res.statusCode, res.json().error]).toEqual([401, expect.stringMatching(/nonce/i)]);
      }
    });
    expect(made.eth_call ?? 0).toBe(0);
    // A plain key's sign-in is checked locally: no call.
    const message = await siweMessageFor(t, account.address);
    const signIn = await callsDuring(async () => {
      const res = await t.app.inject({
        method: "POST",
        url: "/api/auth/verify",
        payload: { message, signature: await account.signMessage({ message }) },
      });
      expect(res.statusCode, res.body).toBe(200);
    });
    expect(signIn.eth_call ?? 0).toBe(0);
  });

  it("GET /api/health asks the node's chain id once, not per probe", async () => {
    const made = await callsDuring(async () => {
      for (let i = 0; i < 20; i++) {
        const res = await t.app.inject({ method: "GET", url: "/api/health" });
        expect([res.statusCode, res.json().chainId]).toEqual([200, t.config.chainId]);
      }
    });
    expect(made.eth_chainId ?? 0).toBeLessThanOrEqual(1);
  });

  it("GET /api/relay/allowance reads the treasury once for many calls, not four RPC calls per call", async () => {
    // Any wallet signs in, and the route has no rate limit: each call read the block number, the treasury's
    // nonce twice and its balance (4 calls), so one signed-in tab in a loop spent the instructor's metered plan.
    const cookie = await signIn(t, 4);
    const made = await callsDuring(async () => {
      for (let i = 0; i < 30; i++) {
        const res = await t.app.inject({ method: "GET", url: "/api/relay/allowance", headers: { cookie } });
        expect([res.statusCode, res.json().gasless]).toEqual([200, expect.stringMatching(/^(on|paused|off)$/)]);
      }
    });
    const total = Object.values(made).reduce((sum, n) => sum + n, 0);
    expect(total, JSON.stringify(made)).toBeLessThanOrEqual(4);
  });

  it("admin calls are rate-limited per client before any signature is looked at", async () => {
    const limited = await createTestApp(chain, "pglite", { RPC_URL: gateway.url, RATE_LIMIT: "true" });
    try {
      const junk = () =>
        limited.app.inject(
          adminInject("POST", "/bounties/delete", ADMIN_WALLET, { bountyId: "1" }, "m", `0x${"ab".repeat(66)}`),
        );
      const statuses: number[] = [];
      for (let i = 0; i < ADMIN_CALLS_PER_MINUTE; i++) statuses.push((await junk()).statusCode);
      expect(new Set(statuses)).toEqual(new Set([403]));
      const over = await junk();
      expect([over.statusCode, over.json().error]).toEqual([429, expect.stringMatching(/too many requests/i)]);
    } finally {
      await limited.close();
    }
  });
});
