/**
 * Two relays at once from one sender, each covered by the balance alone and not both: the second is refused by
 * the relay's own balance check, even when the node answers it while it mines the block with the first.
 *
 * anvil does answer so: while it mines block B+1, a read "at block B" is answered from its live state (B+1's
 * transfers in it), and a moment later from B's own state again. In a hammer of 1,000 such pairs the second
 * relay read the treasury's nonce in that moment and the balance just after it about one time in four: the
 * first transfer was in neither, so it passed the check and only the node's estimate refused it (a raw 502 in
 * a CI run). The gateway below replays that timing from anvil's own answers, so that it happens every time.
 */
import { messages } from "@classcoin/shared/messages";
import { type Hash, keccak256, parseUnits, toHex } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { profiles } from "../../db/schema";
import { createTestApp, type TestApp } from "../../testing/app";
import { startTestChain, type TestChain } from "../../testing/chain";
import { testDatabaseKinds } from "../../testing/database";
import { minedIfRelayed, signedAuthorization } from "../../testing/relay-authorization";
import { type RpcGateway, startRpcGateway } from "../../testing/rpc-gateway";
import { signIn } from "../../testing/sign-in";

let chain: TestChain;
let gateway: RpcGateway;
beforeAll(async () => {
  // Counts blocks: the first transfer's block must be the one after the head the gateway answers.
  chain = await startTestChain({ ownChain: true });
  gateway = await startRpcGateway(chain.rpcUrl);
});
afterAll(async () => {
  await gateway?.down();
  await chain?.stop();
});

/**
 * From the first transaction sent on: the head before its block, and the first read of the treasury's nonce at
 * that head answered with the nonce once its block is mined (anvil mid-mining); every later read as anvil
 * answers it. Tells whether that read came, the head and the block the first transaction was mined in.
 */
function answerMidMining(gw: RpcGateway, treasury: string) {
  const state = { replayed: false, head: -1n, minedIn: 0n };
  let sent: { hash: Hash; head: bigint } | undefined;
  gw.answer = async ({ method, params }) => {
    if (method === "eth_sendRawTransaction" && !sent) {
      sent = { hash: keccak256(params[0] as Hash), head: await chain.publicClient.getBlockNumber({ cacheTime: 0 }) };
      state.head = sent.head;
      return undefined;
    }
    if (!sent || state.replayed) return undefined;
    if (method === "eth_blockNumber") return toHex(sent.head);
    const [address, block] = params as [string, string];
    if (method !== "eth_getTransactionCount" || address.toLowerCase() !== treasury) return undefined;
    if (block !== toHex(sent.head)) return undefined;
    state.replayed = true;
    const receipt = await chain.publicClient.waitForTransactionReceipt({ hash: sent.hash, pollingInterval: 20 });
    state.minedIn = receipt.blockNumber;
    const count = await chain.publicClient.getTransactionCount({
      address: address as `0x${string}`,
      blockNumber: receipt.blockNumber,
    });
    return toHex(count);
  };
  return state;
}

/** The node's estimates of a transaction to sign (viem asks `eth_fillTransaction` where the node has it). */
const estimates = (gw: RpcGateway) =>
  (gw.calls.get("eth_estimateGas") ?? 0) + (gw.calls.get("eth_fillTransaction") ?? 0);

describe.each(testDatabaseKinds())("two relays at once, answered mid-mining, on %s", (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(chain, kind, { RPC_URL: gateway.url });
  });
  afterAll(async () => {
    gateway.answer = undefined;
    await t?.close();
  });

  it("the second is refused by the balance check, before the node is asked to estimate it", async () => {
    const key = generatePrivateKey();
    const racer = privateKeyToAccount(key).address.toLowerCase() as `0x${string}`;
    await chain.fund(racer, 2);
    await t.database.db
      .insert(profiles)
      .values({ wallet: racer, name: "Racer", birthday: "2010-01-01", starSign: "Leo" });
    const cookie = await signIn(t, key);
    const signed = () =>
      signedAuthorization({
        from: racer,
        key,
        chainId: t.config.chainId,
        token: chain.tokenAddress,
        overrides: { value: parseUnits("2", 18) },
      });
    const [a, b] = await Promise.all([signed(), signed()]);
    const relay = (body: Awaited<ReturnType<typeof signed>>) =>
      minedIfRelayed(
        chain.publicClient,
        t.app.inject({ method: "POST", url: "/api/relay/transfer", payload: body, headers: { cookie } }),
      );
    const treasury = chain.account(0).address.toLowerCase();
    const estimatesBefore = estimates(gateway);
    const midMining = answerMidMining(gateway, treasury);

    const both = await Promise.all([relay(a), relay(b)]);
    gateway.answer = undefined;

    const outcome = (res: { statusCode: number; json(): { error?: string } }) =>
      res.statusCode === 200 ? "200" : `${res.statusCode} ${res.json().error}`;
    expect(both.map(outcome).sort()).toEqual(["200", `400 ${messages.relay.insufficient}`]);
    expect(midMining.replayed).toBe(true);
    // Before: the second passed the check, and only the node's estimate of its transaction refused it.
    expect(estimates(gateway) - estimatesBefore).toBe(1);
    expect(midMining.minedIn).toBe(midMining.head + 1n);
    expect(await chain.balanceOf(racer)).toBe(0n);
  });
});
