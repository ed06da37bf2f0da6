/**
 * Same-site CSRF in a real browser: a page on another localhost port (the same SITE as the app, so the
 * SameSite=Lax session cookie goes along) auto-submits a multipart form to POST /api/profiles/update. The
 * API refuses it by its Origin (403) and the profile keeps its name; the app's own origin still writes.
 */
import { createServer, type Server } from "node:http";
import { devAccount } from "@classcoin/contracts/dev-accounts";
import type { Browser } from "playwright-core";
import { privateKeyToAccount } from "viem/accounts";
import { createSiweMessage } from "viem/siwe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser } from "./harness/browser";
import { freePort } from "./harness/free-port";
import { type E2EStack, startStack } from "./harness/stack";

let stack: E2EStack;
let browser: Browser;
let attacker: Server;
let attackerUrl: string;

const ava = privateKeyToAccount(devAccount(1).privateKey); // "Ava Chen" in the demo community
const wallet = ava.address.toLowerCase();

/** Signs in over HTTP (no browser, no Origin) and returns the session token. */
async function sessionToken(): Promise<string> {
  const { nonce } = (await (await fetch(`${stack.url}/api/auth/nonce`)).json()) as { nonce: string };
  const site = new URL(stack.url);
  const message = createSiweMessage({
    address: ava.address,
    chainId: 31337,
    domain: site.host,
    uri: site.origin,
    nonce,
    version: "1",
    issuedAt: new Date(),
  });
  const res = await fetch(`${stack.url}/api/auth/verify`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ message, signature: await ava.signMessage({ message }) }),
  });
  expect(res.status, await res.clone().text()).toBe(200);
  const token = /classcoin_session=([^;]+)/.exec(res.headers.get("set-cookie") ?? "")?.[1];
  if (!token) throw new Error("no session cookie");
  return token;
}

async function profileName(): Promise<string> {
  return ((await (await fetch(`${stack.url}/api/profiles/${wallet}`)).json()) as { name: string }).name;
}

beforeAll(async () => {
  [stack, browser] = await Promise.all([startStack(), launchBrowser()]);
  const port = await freePort();
  // The hostile page: a form that posts itself to the app the moment it loads.
  const page = `<!doctype html><html><body>
    <form id="f" method="POST" enctype="multipart/form-data" action="${stack.url}/api/profiles/update">
      <input name="wallet" value="${wallet}"><input name="name" value="Pwned by CSRF">
      <input name="birthday" value="2010-01-01"><input name="starSign" value="Leo">
    </form>
    <script>document.getElementById("f").submit();</script>
  </body></html>`;
  attacker = createServer((_req, res) => res.writeHead(200, { "content-type": "text/html" }).end(page));
  await new Promise<void>((resolve) => attacker.listen(port, "127.0.0.1", resolve));
  attackerUrl = `http://localhost:${port}/`;
});
afterAll(async () => {
  await new Promise((resolve) => attacker?.close(resolve));
  await browser?.close();
  await stack?.stop();
});

describe("cross-site request forgery", () => {
  it("a page on another localhost port auto-submitting a multipart form to /api/profiles/update is refused", async () => {
    expect(await profileName()).toBe("Ava Chen");
    const context = await browser.newContext();
    await context.addCookies([
      { name: "classcoin_session", value: await sessionToken(), url: stack.url, httpOnly: true, sameSite: "Lax" },
    ]);
    const page = await context.newPage();
    const forged = page.waitForResponse((r) => r.url().endsWith("/api/profiles/update"));
    await page.goto(attackerUrl);
    const res = await forged;
    // The browser did send the cookie (same site) and the Origin of the hostile page.
    const sent = await res.request().allHeaders();
    expect(sent.cookie).toContain("classcoin_session=");
    expect(sent.origin).toBe(attackerUrl.slice(0, -1));
    expect(res.status()).toBe(403);
    expect((await res.json()).error).toMatch(/came from another site or address and was refused/);
    expect(await profileName()).toBe("Ava Chen");

    // The app's own origin, with the same cookie, still writes.
    await page.goto(`${stack.url}/profiles`);
    const status = await page.evaluate(async (w) => {
      const form = new FormData();
      for (const [k, v] of Object.entries({ wallet: w, name: "Ava C.", birthday: "2010-01-01", starSign: "Leo" })) {
        form.append(k, v);
      }
      return (await fetch("/api/profiles/update", { method: "POST", body: form })).status;
    }, wallet);
    expect(status).toBe(200);
    expect(await profileName()).toBe("Ava C.");
    await context.close();
  });
});
