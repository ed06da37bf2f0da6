/**
 * Stored XSS in Chromium against the real stack: a profile name, a post, a project title and description
 * and a bounty made of script and HTML, created through the real API (SIWE over HTTP, a signed admin call),
 * render as text on /profiles, /forum, /projects and /bounties; none of it runs, and the built app itself
 * runs under its Content-Security-Policy without a single violation. (Profiles have no API field for
 * `bio`, so there is no way for a user to store a hostile bio.)
 */
import type { Browser, ConsoleMessage, Page } from "playwright-core";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminPost } from "./harness/admin-calls";
import { launchBrowser } from "./harness/browser";
import { createMember } from "./harness/members";
import { useSharedStack } from "./harness/shared-stack";
import type { E2EStack } from "./harness/stack";

const payloads = {
  name: "<img src=x onerror=window.__xss=1>",
  post: '<script>window.__xss=2</script><img src=x onerror="window.__xss=3"><b>bold</b>',
  title: "<img src=x onerror=window.__xss=4>",
  description: "<script>window.__xss=5</script><a href=javascript:window.__xss=6>click</a>",
  bountyTitle: "<svg onload=window.__xss=7>",
  bountyDescription: "<iframe src=javascript:window.__xss=8></iframe><img src=x onerror=window.__xss=9>",
};

let stack: E2EStack;
let browser: Browser;

beforeAll(async () => {
  [stack, browser] = await Promise.all([useSharedStack(), launchBrowser()]);
  // A member of its own on the shared stack: the hostile name is its profile's.
  const { wallet, cookie } = await createMember(stack, {
    name: payloads.name,
    birthday: "2010-06-06",
    starSign: "Gemini",
    cc: "10",
  });
  const send = async (path: string, body: FormData | object) => {
    const res = await fetch(`${stack.url}${path}`, {
      method: "POST",
      headers: body instanceof FormData ? { cookie } : { cookie, "content-type": "application/json" },
      body: body instanceof FormData ? body : JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  };
  const form = (fields: Record<string, string>, file?: { name: string; bytes: Buffer }) => {
    const data = new FormData();
    for (const [k, v] of Object.entries(fields)) data.append(k, v);
    if (file) data.append(file.name, new Blob([Uint8Array.from(file.bytes)], { type: "image/png" }), "art.png");
    return data;
  };
  const png = await sharp({ create: { width: 32, height: 32, channels: 3, background: "#936" } })
    .png()
    .toBuffer();
  await send("/api/posts", { authorWallet: wallet, content: payloads.post });
  await send(
    "/api/projects",
    form(
      { wallet, projectNumber: "1", title: payloads.title, description: payloads.description },
      { name: "image", bytes: png },
    ),
  );
  const bounty = await adminPost(stack, "/api/admin/bounties", {
    title: payloads.bountyTitle,
    description: payloads.bountyDescription,
    reward: 5,
  });
  if (!bounty.ok) throw new Error(`bounty: ${bounty.status} ${await bounty.text()}`);
});
afterAll(async () => {
  await browser?.close();
});

/** Opens a page, collecting CSP violations and page errors. */
async function open(path: string) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const violations: string[] = [];
  page.on("console", (m: ConsoleMessage) => {
    if (/Content Security Policy/i.test(m.text())) violations.push(m.text());
  });
  page.on("pageerror", (e) => violations.push(`page error: ${e.message}`));
  const response = await page.goto(`${stack.url}${path}`);
  return { context, page, violations, response };
}

async function expectInert(page: Page) {
  expect(await page.evaluate(() => (window as unknown as { __xss?: unknown }).__xss)).toBeUndefined();
  expect(
    await page.locator('img[src="x"], svg[onload], iframe[src^="javascript"], a[href^="javascript"]').count(),
  ).toBe(0);
  const scripts = await page.locator("script").evaluateAll((nodes) => nodes.map((n) => n.textContent ?? ""));
  expect(scripts.filter((s) => s.includes("__xss"))).toEqual([]);
}

describe("stored script and HTML render as text", () => {
  it.each([
    ["/forum", [payloads.post, payloads.name]],
    ["/profiles", [payloads.name]],
    ["/projects?n=1", [payloads.title]],
    ["/bounties", [payloads.bountyTitle, payloads.bountyDescription]],
  ] as const)("%s shows the payload as text and runs none of it", async (path, texts) => {
    const { context, page, violations } = await open(path);
    try {
      for (const text of texts) await page.getByText(text, { exact: false }).first().waitFor({ timeout: 15_000 });
      // Give any injected handler (onerror fires after a failed load) the chance to run.
      await page.waitForLoadState("networkidle");
      await expectInert(page);
      expect(violations).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it("the project's description (on its detail view) is text too", async () => {
    const { context, page, violations } = await open("/projects?n=1");
    try {
      await page.getByText(payloads.title).first().click();
      await page.getByText(payloads.description).first().waitFor({ timeout: 15_000 });
      await page.waitForLoadState("networkidle");
      await expectInert(page);
      expect(violations).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

describe("security headers", () => {
  it("the app is served with a CSP (no inline script, no framing), nosniff and a referrer policy", async () => {
    const { context, response, violations, page } = await open("/");
    try {
      const headers = response?.headers() ?? {};
      const csp = headers["content-security-policy"] ?? "";
      expect(csp).toContain("default-src 'self'");
      expect(csp).toMatch(/script-src 'self'(;|$)/);
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain(`connect-src 'self' ${new URL(stack.rpcUrl).origin}`);
      expect(headers["x-content-type-options"]).toBe("nosniff");
      expect(headers["x-frame-options"]).toBe("DENY");
      expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
      await page.getByRole("navigation", { name: "Main" }).waitFor();
      await page.waitForLoadState("networkidle");
      expect(violations).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
