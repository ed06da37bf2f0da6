/**
 * The token's nonce rule (keyed sequential nonces: a 192-bit key, then a 64-bit sequence number that must be
 * the key's next one): an authorization the token would refuse is refused up front with a plain 400, not sent
 * to the node's gas estimate, which answered 502 with raw revert data ("custom error 0x752d88c0",
 * InvalidAccountNonce). A standard EIP-3009 client's random 32-byte nonce is such a one.
 */
import { classCoinDomain, transferWithAuthorizationTypes } from "@classcoin/shared/gasless";
import { messages } from "@classcoin/shared/messages";
import { parseUnits, toHex } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { profiles, treasuryPayments } from "../../db/schema";
import { createTestApp, type TestApp } from "../../testing/app";
import { startTestChain, type TestChain } from "../../testing/chain";
import { minedIfRelayed } from "../../testing/relay-authorization";
import { signIn } from "../../testing/sign-in";
import { dev } from "../../testing/transfers";

let chain: TestChain;
let t: TestApp;

beforeAll(async () => {
  chain = await startTestChain();
  t = await createTestApp(chain, "pglite");
});

afterAll(async () => {
  await t?.close();
  await chain?.stop();
});

const cc = (n: number) => parseUnits(String(n), 18);
const outOfSequence = messages.relay.nonceOutOfSequence;

/** A 32-byte nonce of a 24-byte key and a sequence number. */
const nonceOf = (key: Uint8Array, sequence: bigint) => toHex(BigInt(toHex(key)) * 2n ** 64n + sequence, { size: 32 });
const randomBytes = (n: number) => crypto.getRandomValues(new Uint8Array(n));

describe("the relay and the token's nonce rule", () => {
  let send: (
    nonce: `0x${string}`,
    value?: bigint,
  ) => Promise<{ statusCode: number; body: string; json(): { error?: string } }>;
  let wallet: `0x${string}`;

  beforeAll(async () => {
    const key = generatePrivateKey();
    const account = privateKeyToAccount(key);
    wallet = account.address.toLowerCase() as `0x${string}`;
    await chain.fund(wallet, 10);
    await t.database.db.insert(profiles).values({ wallet, name: "Nonces", birthday: "2010-01-01", starSign: "Leo" });
    const cookie = await signIn(t, key);
    send = async (nonce, value = cc(1)) => {
      const message = {
        from: wallet,
        to: dev(2),
        value,
        validAfter: 0n,
        validBefore: BigInt(Math.floor(Date.now() / 1000) + 600),
        nonce,
      };
      const signature = await account.signTypedData({
        domain: classCoinDomain(t.config.chainId, chain.tokenAddress),
        types: transferWithAuthorizationTypes,
        primaryType: "TransferWithAuthorization",
        message,
      });
      const payload = {
        ...message,
        value: `${value}`,
        validAfter: "0",
        validBefore: `${message.validBefore}`,
        signature,
      };
      return minedIfRelayed(
        chain.publicClient,
        t.app.inject({ method: "POST", url: "/api/relay/transfer", payload, headers: { cookie } }),
      );
    };
  });

  const refusal = async (pending: ReturnType<typeof send>) => {
    const res = await pending;
    return [res.statusCode, res.json().error];
  };

  it("refuses a random 32-byte nonce and a number ahead of its key's next with 400, sending nothing", async () => {
    const before = await chain.balanceOf(wallet);
    // Before: 502 "… custom error 0x752d88c0 …" from the node's gas estimate.
    expect(await refusal(send(toHex(randomBytes(32))))).toEqual([400, outOfSequence]);
    expect(await refusal(send(nonceOf(randomBytes(24), 1n)))).toEqual([400, outOfSequence]);
    expect(await chain.balanceOf(wallet)).toBe(before);
    expect(await t.database.db.select().from(treasuryPayments)).toHaveLength(0);
  });

  it("takes a key's numbers in order, and refuses one already used with 409", async () => {
    const before = await chain.balanceOf(wallet);
    const key = randomBytes(24);
    for (const sequence of [0n, 1n]) {
      const res = await send(nonceOf(key, sequence));
      expect(res.statusCode, res.body).toBe(200);
    }
    // Number 0 again, in another authorization (another amount, so another signature): the key is past it.
    expect(await refusal(send(nonceOf(key, 0n), cc(2)))).toEqual([409, messages.relay.used]);
    expect(await refusal(send(nonceOf(key, 3n)))).toEqual([400, outOfSequence]);
    // Key 0 is the account's plain nonce, counted from 0 too.
    const zero = await send(nonceOf(new Uint8Array(24), 0n));
    expect(zero.statusCode, zero.body).toBe(200);
    expect(await chain.balanceOf(wallet)).toBe(before - cc(3));
  });
});
