/**
 * Sign-In with Ethereum, read strictly. A message with two `URI:` lines (the first foreign, which is what
 * a wallet shows; the parser kept the last) was accepted; so was any unknown line. And a nonce could be
 * redeemed by anyone, not only by the client that asked for it. Now every EIP-4361 field appears at most
 * once, in its order, with nothing else; and a nonce is bound to the browser (a cookie) or, for a client
 * that keeps no cookies, to the IP that asked for it.
 */
import { messages } from "@classcoin/shared/messages";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { createSiweMessage } from "viem/siwe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sessions } from "../db/schema";
import { createTestApp, type TestApp } from "../testing/app";
import { startTestChain, type TestChain } from "../testing/chain";
import { testDatabaseKinds } from "../testing/database";

let chain: TestChain;
beforeAll(async () => {
  chain = await startTestChain();
});
afterAll(async () => {
  await chain?.stop();
});

describe.each(testDatabaseKinds())("strict SIWE on %s", (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(chain, kind);
  });
  afterAll(async () => {
    await t?.close();
  });

  const cookieOf = (res: { cookies: { name: string; value: string }[] }) =>
    res.cookies.map((c) => `${c.name}=${c.value}`).join("; ");

  async function nonceFor(ip = "127.0.0.1", cookie = "") {
    const res = await t.app.inject({ method: "GET", url: "/api/auth/nonce", remoteAddress: ip, headers: { cookie } });
    expect(res.statusCode).toBe(200);
    return { nonce: res.json().nonce as string, cookie: cookieOf(res) };
  }

  function messageFor(address: `0x${string}`, nonce: string) {
    const site = new URL(t.config.publicUrl);
    return createSiweMessage({
      address,
      chainId: t.config.chainId,
      domain: site.host,
      uri: site.origin,
      nonce,
      version: "1",
      issuedAt: new Date(),
      statement: "Sign in to ClassCoin.",
    });
  }

  async function verify(message: string, key: `0x${string}`, ip = "127.0.0.1", cookie = "") {
    const signature = await privateKeyToAccount(key).signMessage({ message });
    return t.app.inject({
      method: "POST",
      url: "/api/auth/verify",
      remoteAddress: ip,
      headers: { cookie },
      payload: { message, signature },
    });
  }

  const sessionCount = async () => (await t.database.db.select().from(sessions)).length;

  describe("duplicate and unknown fields", () => {
    const tampered: [string, (m: string) => string][] = [
      ["two URI lines, the first foreign", (m) => m.replace("\nURI: ", "\nURI: https://evil.example\nURI: ")],
      ["two URI lines, the second foreign", (m) => m.replace("\nVersion: ", "\nURI: https://evil.example\nVersion: ")],
      ["two Nonce lines", (m) => m.replace("\nIssued At: ", "\nNonce: aaaaaaaaaaaaaaaa\nIssued At: ")],
      ["two Chain ID lines", (m) => m.replace("\nNonce: ", "\nChain ID: 1\nNonce: ")],
      ["an unknown field", (m) => `${m}\nFavourite Colour: blue`],
      ["an unknown line between fields", (m) => m.replace("\nVersion: ", "\nhello\nVersion: ")],
      ["fields out of order", (m) => m.replace(/\nVersion: 1\nChain ID: (\d+)/, "\nChain ID: $1\nVersion: 1")],
      [
        "a second statement line",
        (m) => m.replace("Sign in to ClassCoin.\n", "Sign in to ClassCoin.\nAnd send all your coins.\n"),
      ],
      ["CRLF line ends", (m) => m.replaceAll("\n", "\r\n")],
      [
        "a second address line",
        (m) => m.replace(/\n(0x[0-9a-fA-F]{40})\n/, "\n$1\n0x0000000000000000000000000000000000000001\n"),
      ],
      // Times that are not RFC 3339 date-times were read as invalid dates, which passed both checks.
      [
        "a past expiry with a zero-width space after it",
        (m) => m.replace(/\nIssued At: (.*)$/, "\nIssued At: $1\nExpiration Time: 2000-01-01T00:00:00Z\u200b"),
      ],
      [
        "an expiry that is not a time",
        (m) => m.replace(/\nIssued At: (.*)$/, "\nIssued At: $1\nExpiration Time: never"),
      ],
      [
        "a future start with a zero-width space after it",
        (m) => m.replace(/\nIssued At: (.*)$/, "\nIssued At: $1\nNot Before: 2099-01-01T00:00:00Z\u200b"),
      ],
      ["an Issued At that is not a time", (m) => m.replace(/\nIssued At: .*$/, "\nIssued At: today")],
    ];

    it.each(tampered)("refuses a signed message with %s (401), opening no session", async (_name, tamper) => {
      const key = generatePrivateKey();
      const { nonce } = await nonceFor();
      const before = await sessionCount();
      const res = await verify(tamper(messageFor(privateKeyToAccount(key).address, nonce)), key);
      expect(res.statusCode, res.body).toBe(401);
      expect(res.json().error).toMatch(
        // CRLF breaks the very first line: the text is then not a SIWE message at all.
        _name.startsWith("CRLF")
          ? messages.auth.siweMalformed
          : /^Sign-in refused: the message has a repeated, unknown or misplaced line/,
      );
      expect(await sessionCount()).toBe(before);
    });

    it("refuses a time in RFC 3339 form that is no date (month 13) as malformed (401), opening no session", async () => {
      const key = generatePrivateKey();
      const before = await sessionCount();
      for (const line of ["Expiration Time: 2000-13-45T99:99:99Z", "Not Before: 2099-13-45T99:99:99Z"]) {
        const { nonce } = await nonceFor();
        const message = messageFor(privateKeyToAccount(key).address, nonce).replace(
          /\nIssued At: (.*)$/,
          `\nIssued At: $1\n${line}`,
        );
        const res = await verify(message, key);
        expect([line, res.statusCode, res.json().error]).toEqual([line, 401, messages.auth.siweMalformed]);
      }
      expect(await sessionCount()).toBe(before);
    });

    it("still accepts the exact messages viem and the web app build, with every optional field", async () => {
      const key = generatePrivateKey();
      const account = privateKeyToAccount(key);
      const site = new URL(t.config.publicUrl);
      const plain = messageFor(account.address, (await nonceFor()).nonce);
      expect((await verify(plain, key)).statusCode).toBe(200);
      const full = createSiweMessage({
        address: account.address,
        chainId: t.config.chainId,
        domain: site.host,
        uri: site.origin,
        nonce: (await nonceFor()).nonce,
        version: "1",
        issuedAt: new Date(),
        scheme: site.protocol.slice(0, -1),
        expirationTime: new Date(Date.now() + 60_000),
        notBefore: new Date(Date.now() - 1_000),
        requestId: "req-1",
        resources: ["https://example.org/a", "ipfs://bafy"],
      });
      const res = await verify(full, key);
      expect(res.statusCode, res.body).toBe(200);
      const bare = createSiweMessage({
        address: account.address,
        chainId: t.config.chainId,
        domain: site.host,
        uri: site.origin,
        nonce: (await nonceFor()).nonce,
        version: "1",
        issuedAt: new Date(),
      });
      expect((await verify(bare, key)).statusCode).toBe(200);
    });
  });

  describe("nonces bound to who asked", () => {
    it("a nonce asked for by one browser cannot be redeemed by another client on another network", async () => {
      const key = generatePrivateKey();
      const address = privateKeyToAccount(key).address;
      const asked = await nonceFor("203.0.113.10");
      expect(asked.cookie).toMatch(/classcoin_client=/);
      const before = await sessionCount();
      // Another network, no cookie: refused.
      const stranger = await verify(messageFor(address, asked.nonce), key, "198.51.100.20");
      expect(stranger.statusCode, stranger.body).toBe(401);
      expect(stranger.json().error).toBe(messages.auth.siweNonceElsewhere);
      // Another browser (its own client cookie), even on the same network: refused.
      const other = await nonceFor("203.0.113.10");
      const otherBrowser = await verify(messageFor(address, asked.nonce), key, "203.0.113.10", other.cookie);
      expect(otherBrowser.statusCode, otherBrowser.body).toBe(401);
      expect(otherBrowser.json().error).toBe(messages.auth.siweNonceElsewhere);
      expect(await sessionCount()).toBe(before);
      // The browser that asked, even after moving to another network: accepted, once.
      const own = await verify(messageFor(address, asked.nonce), key, "198.51.100.30", asked.cookie);
      expect(own.statusCode, own.body).toBe(200);
      expect(await sessionCount()).toBe(before + 1);
    });

    it("a client that keeps no cookies redeems its nonce from the IP that asked for it, not from another", async () => {
      const key = generatePrivateKey();
      const address = privateKeyToAccount(key).address;
      const { nonce } = await nonceFor("203.0.113.40");
      const elsewhere = await verify(messageFor(address, nonce), key, "203.0.113.41");
      expect(elsewhere.statusCode).toBe(401);
      expect(elsewhere.json().error).toBe(messages.auth.siweNonceElsewhere);
      const same = await verify(messageFor(address, nonce), key, "203.0.113.40");
      expect(same.statusCode, same.body).toBe(200);
    });

    it("one browser keeps its client cookie across nonces (two tabs signing in at once both work)", async () => {
      const first = await nonceFor("203.0.113.50");
      const second = await nonceFor("203.0.113.50", first.cookie);
      expect(second.cookie).toBe(""); // not replaced
      for (const nonce of [first.nonce, second.nonce]) {
        const key = generatePrivateKey();
        const res = await verify(
          messageFor(privateKeyToAccount(key).address, nonce),
          key,
          "203.0.113.50",
          first.cookie,
        );
        expect(res.statusCode, res.body).toBe(200);
      }
    });
  });
});
