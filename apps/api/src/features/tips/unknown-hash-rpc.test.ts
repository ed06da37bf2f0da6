/**
 * A report of a hash the node does not know waits out the grace (TIP_TX_GRACE_MS, 10 s on Sepolia) looking for
 * it less and less often: about 7 RPC calls, where a receipt and a transaction lookup every second cost about
 * 22 (an audit: one student's 30 reports a minute, 0.9 million calls a day on the instructor's metered plan).
 * Counted through a real HTTP gateway in front of the test chain.
 */
import { tipErrors } from "@classcoin/shared/tips";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { profiles, projects } from "../../db/schema";
import { createTestApp, type TestApp } from "../../testing/app";
import { startTestChain, type TestChain } from "../../testing/chain";
import { type RpcGateway, startRpcGateway } from "../../testing/rpc-gateway";
import { signIn } from "../../testing/sign-in";

let chain: TestChain;
let gateway: RpcGateway;
let t: TestApp;
beforeAll(async () => {
  chain = await startTestChain();
  gateway = await startRpcGateway(chain.rpcUrl);
  t = await createTestApp(chain, "pglite", { RPC_URL: gateway.url, TIP_TX_GRACE_MS: "10000" });
});
afterAll(async () => {
  await t?.close();
  await gateway?.down();
  await chain?.stop();
});

const address = (index: number) => chain.wallet(index).account.address.toLowerCase() as `0x${string}`;

describe("a tip report of an unknown transaction", () => {
  it("behavior: is refused (404) after the grace, having asked the node a few times, not every second", async () => {
    await t.database.db
      .insert(profiles)
      .values(
        [1, 2].map((i) => ({ wallet: address(i), name: `Student ${i}`, birthday: "2010-01-01", starSign: "Leo" })),
      );
    const [project] = await t.database.db
      .insert(projects)
      .values({ authorWallet: address(2), projectNumber: 1, title: "Fox", image: "fox.webp" })
      .returning({ id: projects.id });
    const cookie = await signIn(t, 1);
    const lookups = () =>
      (gateway.calls.get("eth_getTransactionReceipt") ?? 0) + (gateway.calls.get("eth_getTransactionByHash") ?? 0);
    const before = lookups();
    const started = Date.now();
    const res = await t.app.inject({
      method: "POST",
      url: "/api/projects/send-coin",
      headers: { cookie },
      payload: {
        fromWallet: address(1),
        toWallet: address(2),
        amount: 1,
        projectId: String(project!.id),
        txHash: `0x${"ab".repeat(32)}`,
      },
    });
    expect([res.statusCode, res.json().error]).toEqual([404, tipErrors.notFound]);
    // The grace was waited out…
    expect(Date.now() - started).toBeGreaterThanOrEqual(10_000);
    // …with the node asked 7 times (before: 22).
    expect(lookups() - before).toBeLessThanOrEqual(8);
  });
});
