/**
 * Cross-site request forgery. The session cookie is SameSite=Lax, which lets SAME-SITE requests through:
 * a page on another localhost port (or, in production, any subdomain of the site's registrable domain)
 * could post a multipart or text/plain form with the user's cookie. Every write whose Origin (or, without
 * one, Sec-Fetch-Site) is not the site's own is refused with 403 and changes nothing. Requests with neither
 * header (curl, server-to-server, `app.inject`) are not from a browser and stay allowed.
 */
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { originErrors } from "../auth/origin";
import { profiles } from "../db/schema";
import { createTestApp, type TestApp } from "../testing/app";
import { startTestChain, type TestChain } from "../testing/chain";
import { testDatabaseKinds } from "../testing/database";
import { multipartBody } from "../testing/multipart";
import { signIn } from "../testing/sign-in";
import { dumpDatabase } from "./db-dump";

let chain: TestChain;
let image: Buffer;
beforeAll(async () => {
  chain = await startTestChain();
  await chain.fund(chain.wallet(1).account.address, 100);
  image = await sharp({ create: { width: 32, height: 32, channels: 3, background: "#c33" } })
    .png()
    .toBuffer();
});
afterAll(async () => {
  await chain?.stop();
});

/** What a hostile page sends: its own origin, or (with no Origin) the browser's Sec-Fetch-Site verdict. */
const foreign: Record<string, string>[] = [
  { origin: "http://evil.localhost:7777" },
  { origin: "http://localhost:5175" }, // the site is http://localhost:5173: a neighbouring port is another origin
  { origin: "http://localhost:3000" },
  { origin: "https://localhost:5173" },
  { origin: "http://sub.localhost:5173" },
  { origin: "https://evil.example" },
  { origin: "null" }, // sandboxed iframes, data: URLs, some redirects
  { "sec-fetch-site": "same-site" },
  { "sec-fetch-site": "cross-site" },
];

/** Figures for the README: refused attempts per engine. */
const refused: Record<string, number> = {};

describe.each(testDatabaseKinds())("cross-site writes on %s", (kind) => {
  let t: TestApp;
  let cookie: string;
  const wallet = () => chain.wallet(1).account.address.toLowerCase();

  beforeAll(async () => {
    t = await createTestApp(chain, kind);
    await t.database.db
      .insert(profiles)
      .values({ wallet: wallet(), name: "Ada", birthday: "2010-01-01", starSign: "Leo" });
    cookie = await signIn(t, 1);
    refused[kind] = 0;
  });
  afterAll(async () => {
    console.log(`cross-site writes on ${kind}: ${refused[kind]} refused`);
    await t?.close();
  });

  const writes = async () => {
    const rename = await multipartBody({ wallet: wallet(), name: "Pwned", birthday: "2010-01-01", starSign: "Leo" });
    const project = await multipartBody(
      { wallet: wallet(), projectNumber: 2, title: "Forged", description: "" },
      { image: { bytes: image, type: "image/png", filename: "x.png" } },
    );
    return [
      {
        name: "multipart POST /api/profiles/update",
        method: "POST" as const,
        url: "/api/profiles/update",
        payload: rename.payload,
        headers: rename.headers,
      },
      {
        name: "multipart POST /api/projects",
        method: "POST" as const,
        url: "/api/projects",
        payload: project.payload,
        headers: project.headers,
      },
      {
        name: "JSON POST /api/projects",
        method: "POST" as const,
        url: "/api/projects",
        payload: JSON.stringify({ wallet: wallet(), projectNumber: "3", title: "Forged", description: "" }),
        headers: { "content-type": "application/json" },
      },
      {
        name: "JSON POST /api/posts",
        method: "POST" as const,
        url: "/api/posts",
        payload: JSON.stringify({ authorWallet: wallet(), content: "forged" }),
        headers: { "content-type": "application/json" },
      },
      {
        name: "text/plain POST /api/auth/logout",
        method: "POST" as const,
        url: "/api/auth/logout",
        payload: "x",
        headers: { "content-type": "text/plain" },
      },
    ];
  };

  it("refuses multipart, JSON and text/plain writes from another origin with 403 and changes nothing", async () => {
    const before = await dumpDatabase(t.database.db);
    for (const write of await writes()) {
      for (const attacker of foreign) {
        const { name, ...request } = write;
        const res = await t.app.inject({ ...request, headers: { ...request.headers, ...attacker, cookie } });
        const where = `${name} with ${JSON.stringify(attacker)}`;
        expect(res.statusCode, `${where}: ${res.body}`).toBe(403);
        expect(res.headers["content-type"], where).toMatch(/^application\/json/);
        expect(res.json().error, where).toBe(originErrors.foreign(t.config.publicUrl));
        refused[kind] = (refused[kind] ?? 0) + 1;
      }
    }
    expect(await dumpDatabase(t.database.db)).toEqual(before);
    // The session survived the forged logouts.
    const me = await t.app.inject({ method: "GET", url: "/api/auth/me", headers: { cookie } });
    expect(me.statusCode).toBe(200);
  });

  it("accepts the site's own origin, a same-origin fetch, and callers that are not browsers", async () => {
    const own = [
      { origin: "http://localhost:5173" },
      { origin: "http://127.0.0.1:5173" }, // the same local server by its IP
      { origin: "http://localhost:5174" }, // the Vite dev server (npm run dev), on the local chain only
      { "sec-fetch-site": "same-origin" },
      { "sec-fetch-site": "none" }, // typed in the address bar / a bookmark
      {},
    ];
    for (const [i, headers] of own.entries()) {
      const form = await multipartBody({ wallet: wallet(), name: `Ada ${i}`, birthday: "2010-01-01", starSign: "Leo" });
      const res = await t.app.inject({
        method: "POST",
        url: "/api/profiles/update",
        payload: form.payload,
        headers: { ...form.headers, ...headers, cookie },
      });
      expect(res.statusCode, `${JSON.stringify(headers)}: ${res.body}`).toBe(200);
      expect(res.json().name).toBe(`Ada ${i}`);
    }
    // Reads are never refused, whatever their origin.
    const read = await t.app.inject({
      method: "GET",
      url: "/api/profiles",
      headers: { origin: "http://evil.localhost:7777" },
    });
    expect(read.statusCode).toBe(200);
  });

  it("on Sepolia (a real site), only PUBLIC_URL's origin may write: no dev server, no loopback alias", async () => {
    const site = await createTestApp(chain, kind, {
      CHAIN: "sepolia",
      PUBLIC_URL: "https://classcoin.example.edu",
      PUBLIC_RPC_URL: "https://rpc.example.edu",
      ADMIN_WALLET: chain.wallet(0).account.address,
      TREASURY_PRIVATE_KEY: `0x${"11".repeat(32)}`,
    });
    try {
      const post = (origin: string) =>
        site.app.inject({
          method: "POST",
          url: "/api/auth/logout",
          headers: { origin, "content-type": "text/plain" },
          payload: "x",
        });
      expect((await post("https://classcoin.example.edu")).statusCode).toBe(200);
      for (const origin of ["http://classcoin.example.edu", "https://evil.example.edu", "http://localhost:5174"]) {
        const res = await post(origin);
        expect(res.statusCode, origin).toBe(403);
        expect(res.json().error).toBe(originErrors.foreign("https://classcoin.example.edu"));
      }
    } finally {
      await site.close();
    }
  });
});
