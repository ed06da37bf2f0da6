/**
 * Hostile input on every route Fastify serves (from route-inventory.ts): property-based path parameters,
 * query strings and bodies — wrong types, missing and extra fields, huge strings, unicode and control
 * characters, SQL and script payloads, invalid addresses, dates and amounts. Never a 5xx, always a JSON
 * `{error}`, and nothing written. Then hostile uploads: disguised, polyglot, SVG, oversized, empty,
 * decompression-bomb, too many parts, cut-off streams, with memory bounded and the server still serving.
 */
import { deflateSync } from "node:zlib";
import { messages } from "@classcoin/shared/messages";
import * as fc from "fast-check";
import type { InjectOptions } from "fastify";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { posts, profiles } from "../db/schema";
import { createTestApp, type TestApp } from "../testing/app";
import { startTestChain, type TestChain } from "../testing/chain";
import { testDatabaseKinds } from "../testing/database";
import { multipartBody } from "../testing/multipart";
import { signIn } from "../testing/sign-in";
import { type DatabaseDump, dumpDatabase } from "./db-dump";
import { accessClass, type ServedRoute, servedRoutes } from "./route-inventory";

const RUNS_PER_ROUTE = 60;

let chain: TestChain;
beforeAll(async () => {
  chain = await startTestChain();
  await chain.fund(chain.wallet(1).account.address, 100);
});
afterAll(async () => {
  await chain?.stop();
});

const address = (index: number) => chain.wallet(index).account.address.toLowerCase() as `0x${string}`;

const payloads = [
  "' OR 1=1 --",
  "'; DROP TABLE posts; --",
  "1; SELECT pg_sleep(10)",
  '"); DELETE FROM profiles; --',
  "<script>window.__xss=1</script>",
  '<img src=x onerror="window.__xss=1">',
  "javascript:alert(1)",
  "../../../../etc/passwd",
  "..%2f..%2f..%2fetc%2fpasswd",
  "%00",
  "\u0000",
  "\u0007\u001b[31m",
  "\u202eevil",
  "\ud800",
  "𝕏😀👩‍👩‍👧",
  "NaN",
  "Infinity",
  "-1",
  "-0",
  "1e309",
  "99999999999999999999999999999",
  "0x",
  "0xZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZ",
  "0x0000000000000000000000000000000000000000",
  "0xf39fd6e51aad88f6f4ce6ab8827279cfffb922660",
  "2010-02-30",
  "9999-99-99",
  "1899-13-01T25:61:61Z",
  "",
  " ",
  "null",
  "true",
  "__proto__",
  "constructor",
  "{}",
  "[]",
];

/**
 * Calendar-shaped strings over the whole YYYY-MM-DD range (year 0000 to 9999, month and day 00 to 99): real
 * dates PostgreSQL cannot hold (0000-01-01, 9999-12-31 plus a day) as well as impossible ones.
 */
const anyDate = fc
  .tuple(fc.integer({ min: 0, max: 9999 }), fc.integer({ min: 0, max: 99 }), fc.integer({ min: 0, max: 99 }))
  .map(([y, m, d]) => `${String(y).padStart(4, "0")}-${String(m).padStart(2, "0")}-${String(d).padStart(2, "0")}`);
const edgeDate = fc.constantFrom("0000-01-01", "0001-01-01", "1899-12-31", "1969-12-31", "9999-12-31", "9999-12-30");

const hostileString = fc.oneof(
  anyDate,
  edgeDate,
  fc.constantFrom(...payloads),
  fc.string({ unit: "binary", maxLength: 40 }),
  fc.string({ unit: "grapheme", maxLength: 40 }),
  fc.constantFrom(1_000, 20_000, 120_000).map((n) => "x".repeat(n)),
);
const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  hostileString,
  fc.integer(),
  fc.constantFrom(-1, 0, -0.5, 1.5, 1e308, -1e308, Number.MAX_SAFE_INTEGER + 2, 2 ** 64),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(hostileString, { maxLength: 3 }),
  fc.dictionary(fc.constantFrom("a", "__proto__", "constructor", "$where"), hostileString, { maxKeys: 2 }),
);

/** Every field name the API reads anywhere, plus a few it does not. */
const fieldNames = [
  "wallet",
  "authorWallet",
  "voterWallet",
  "fromWallet",
  "toWallet",
  "adminWallet",
  "content",
  "postId",
  "commentId",
  "parentCommentId",
  "text",
  "projectId",
  "bountyId",
  "type",
  "amount",
  "txHash",
  "name",
  "birthday",
  "starSign",
  "balance",
  "bio",
  "projectNumber",
  "title",
  "description",
  "message",
  "signature",
  "archive",
  "hide",
  "reward",
  "crossOut",
  "key",
  "value",
  "notes",
  "confirmed",
  "limit",
  "before",
  "page",
  "search",
  "wallet",
  "startDate",
  "endDate",
  "from",
  "to",
  "days",
  "id",
  "__proto__",
  "extra",
];
const hostileFields = fc.dictionary(fc.constantFrom(...fieldNames), hostileValue, { maxKeys: 8 });
const hostileJson = fc.oneof(
  { weight: 4, arbitrary: hostileFields },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  { weight: 1, arbitrary: hostileString.map((raw) => ({ raw })) },
);

const asText = (value: unknown) => (typeof value === "string" ? value : (JSON.stringify(value) ?? ""));

/** The acting wallet's own session: a write must still not happen for a body acting as someone else. */
let cookie = "";

async function hostileRequest(
  route: ServedRoute,
  params: string[],
  query: Record<string, unknown>,
  body: unknown,
  signedIn: boolean,
  multipart: Record<string, unknown> | null,
): Promise<InjectOptions> {
  let i = 0;
  const url = route.url.replace(/:\w+|\*/g, () =>
    encodeURIComponent((params[i++] ?? "").replace(/[\ud800-\udfff]/gu, "\ufffd")),
  );
  const headers: Record<string, string> = {};
  // Logging out would legitimately delete the session row.
  if (signedIn && route.url !== "/api/auth/logout") headers.cookie = cookie;
  const search = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) search.append(k, asText(v));
  const request: InjectOptions = { method: route.method as "GET" | "POST", url: `${url}?${search}`, headers };
  if (route.method === "GET") return request;
  if (multipart) {
    const fields: Record<string, string> = {};
    for (const [k, v] of Object.entries(multipart)) fields[k] = asText(v);
    const form = await multipartBody(fields, { photo: { bytes: Buffer.from(asText(multipart.content)) } });
    return { ...request, payload: form.payload, headers: { ...headers, ...form.headers } };
  }
  if (body && typeof body === "object" && "raw" in body && Object.keys(body).length === 1) {
    return { ...request, payload: String(body.raw), headers: { ...headers, "content-type": "application/json" } };
  }
  return {
    ...request,
    payload: JSON.stringify(body) ?? "null",
    headers: { ...headers, "content-type": "application/json" },
  };
}

/** Tables a public request may write by design: the sign-in nonce it asked for. */
function withoutNonces(dump: DatabaseDump): DatabaseDump {
  const { "public.siwe_nonces": _nonces, ...rest } = dump;
  return rest;
}

describe.each(testDatabaseKinds())("hostile input on %s", (kind) => {
  let t: TestApp;
  let routes: ServedRoute[];
  let requests = 0;

  beforeAll(async () => {
    t = await createTestApp(chain, kind);
    routes = servedRoutes(t.app).filter((r) => !r.url.startsWith("/api/docs"));
    const { db } = t.database;
    await db.insert(profiles).values({ wallet: address(1), name: "Ada", birthday: "2010-01-01", starSign: "Leo" });
    await db.insert(posts).values({ authorWallet: address(1), content: "hello" });
    cookie = await signIn(t, 1);
  });
  afterAll(async () => {
    console.log(`hostile input on ${kind}: ${requests} generated requests`);
    await t?.close();
  });

  it("covers every route with an access class", () => {
    expect(routes.filter((r) => accessClass(r) === null)).toEqual([]);
    expect(routes.length).toBeGreaterThan(30);
  });

  it("every route answers hostile path, query and body with a JSON 4xx (or 200), never a 5xx, writing nothing", async () => {
    for (const route of routes) {
      const isMultipart =
        route.url === "/api/profiles" ||
        route.url.startsWith("/api/profiles/update") ||
        route.url === "/api/projects" ||
        route.url === "/api/feed";
      const before = withoutNonces(await dumpDatabase(t.database.db));
      await fc.assert(
        fc.asyncProperty(
          fc.array(hostileString, { minLength: 2, maxLength: 2 }),
          fc.dictionary(fc.constantFrom(...fieldNames), hostileValue, { maxKeys: 4 }),
          hostileJson,
          fc.boolean(),
          isMultipart && route.method === "POST" ? fc.option(hostileFields, { nil: null }) : fc.constant(null),
          async (params, query, body, signedIn, multipart) => {
            const request = await hostileRequest(route, params, query, body, signedIn, multipart);
            const res = await t.app.inject(request);
            requests++;
            const where = `${route.method} ${route.url} -> ${res.statusCode} ${res.body.slice(0, 300)}`;
            expect(res.statusCode, where).toBeLessThan(500);
            if (res.statusCode >= 400) {
              expect(res.headers["content-type"], where).toMatch(/^application\/json/);
              const json = res.json();
              expect(typeof json.error, where).toBe("string");
              expect(json.error.length, where).toBeGreaterThan(0);
            }
          },
        ),
        { numRuns: RUNS_PER_ROUTE },
      );
      const after = withoutNonces(await dumpDatabase(t.database.db));
      expect(after, `${route.method} ${route.url} wrote to the database`).toEqual(before);
    }
  });

  it("stores SQL and script payloads as plain text, byte for byte", async () => {
    await chain.fund(address(1), 1);
    for (const content of ["'; DROP TABLE posts; --", "<script>window.__xss=1</script>", "a\u0000b"]) {
      const res = await t.app.inject({
        method: "POST",
        url: "/api/posts",
        headers: { cookie },
        payload: { authorWallet: address(1), content },
      });
      if (content.includes("\u0000")) {
        // PostgreSQL text cannot hold NUL: refused as input, not a crash.
        expect(res.statusCode, res.body).toBe(400);
        expect(res.json().error).toBe(messages.input.unstorableText);
        continue;
      }
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().content).toBe(content);
    }
    const list = await t.app.inject({ method: "GET", url: "/api/posts" });
    expect(list.json().map((p: { content: string }) => p.content)).toContain("'; DROP TABLE posts; --");
  });

  it("explorer dates outside what the database can hold are a 400 with a message, not a 500", async () => {
    for (const query of [
      "from=0000-01-01",
      "to=9999-12-31",
      "from=0001-01-01&to=9999-12-31",
      "from=1969-12-31",
      "to=3000-01-01",
    ]) {
      const res = await t.app.inject({ method: "GET", url: `/api/explorer/transactions?${query}` });
      requests++;
      expect(res.statusCode, `${query}: ${res.body}`).toBe(400);
      expect(res.json().error).toMatch(/between 1970-01-01 and 2999-12-31/);
    }
    const fine = await t.app.inject({ method: "GET", url: "/api/explorer/transactions?from=1970-01-01&to=2999-12-31" });
    expect(fine.statusCode, fine.body).toBe(200);
  });

  it("the paged lists (profiles, submissions) refuse a bad limit or cursor with a 400 naming it", async () => {
    for (const url of ["/api/profiles", "/api/projects/1"]) {
      for (const query of [
        "limit=0",
        "limit=101",
        "limit=1e9",
        "limit=NaN",
        "limit=%00",
        "before=0",
        "before=99999999999999999999",
        "before=1%20OR%201=1",
        "before=-1",
        "limit=1&limit=2",
      ]) {
        const res = await t.app.inject({ method: "GET", url: `${url}?${query}` });
        requests++;
        expect(res.statusCode, `${url}?${query}: ${res.body}`).toBe(400);
        expect(res.json().error, `${url}?${query}`).toMatch(/limit|before/);
      }
      const fine = await t.app.inject({ method: "GET", url: `${url}?limit=100&before=999999999999999999` });
      expect(fine.statusCode, fine.body).toBe(url === "/api/profiles" ? 400 : 200);
    }
  });

  it("a body that is not a JSON object gets a 400 saying the body must be one, not an empty field name", async () => {
    for (const [payload, type, received] of [
      ["hello", "text/plain", "string"],
      ['"hello"', "application/json", "string"],
      ["[1]", "application/json", "array"],
      ["null", "application/json", "null"],
    ] as const) {
      const res = await t.app.inject({
        method: "POST",
        url: "/api/posts",
        headers: { cookie, "content-type": type },
        payload,
      });
      requests++;
      // Before: "Invalid request: : Invalid input: expected object, received string".
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().error).toBe(`Invalid request: body: Invalid input: expected object, received ${received}`);
    }
  });

  it("path traversal on the image routes is a 404", async () => {
    for (const prefix of ["/api/profiles/photo/", "/api/projects/image/"]) {
      for (const name of [
        "..%2f..%2f..%2fetc%2fpasswd",
        "../../../etc/passwd",
        "..%252f..%252fpackage.json",
        "%2e%2e%2f%2e%2e%2fapps%2fapi%2fpackage.json",
        "....//....//etc/passwd",
        `${"a".repeat(64)}.webp%00.png`,
        "..\\..\\windows\\win.ini",
      ]) {
        const res = await t.app.inject({ method: "GET", url: `${prefix}${name}` });
        requests++;
        expect(res.statusCode, `${prefix}${name}`).toBe(404);
        expect(res.headers["content-type"]).toMatch(/^application\/json/);
        expect(res.body).not.toContain("root:");
      }
    }
  });

  describe("uploads", () => {
    async function png(width: number, height: number) {
      return sharp({ create: { width, height, channels: 3, background: "#3a6" } })
        .png()
        .toBuffer();
    }

    function pngClaiming(width: number, height: number): Buffer {
      const chunk = (type: string, data: Buffer) => {
        const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
        const length = Buffer.alloc(4);
        length.writeUInt32BE(data.length);
        const crc = Buffer.alloc(4);
        crc.writeUInt32BE(crc32(body));
        return Buffer.concat([length, body, crc]);
      };
      const ihdr = Buffer.alloc(13);
      ihdr.writeUInt32BE(width, 0);
      ihdr.writeUInt32BE(height, 4);
      ihdr.set([8, 2, 0, 0, 0], 8);
      return Buffer.concat([
        Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
        chunk("IHDR", ihdr),
        chunk("IDAT", deflateSync(Buffer.alloc(256 * 1024))),
        chunk("IEND", Buffer.alloc(0)),
      ]);
    }

    const submit = async (file: Buffer, extra: Record<string, string> = {}) => {
      const form = await multipartBody(
        { wallet: address(1), projectNumber: 4, title: "Hostile", description: "", ...extra },
        { image: { bytes: file, type: "image/png", filename: "art.png" } },
      );
      return {
        method: "POST" as const,
        url: "/api/projects",
        payload: form.payload,
        headers: { ...form.headers, cookie },
      };
    };

    it("refuses every hostile file with a 400 JSON message, writes nothing, keeps memory bounded and keeps serving", async () => {
      const real = await png(64, 64);
      const files: [string, Buffer][] = [
        ["wrong magic bytes (text named .png)", Buffer.from("I am not a picture")],
        ["a JPEG header on PNG data", Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), real.subarray(3)])],
        ["a GIF/JavaScript polyglot", Buffer.from("GIF89a/*\u0000*/=1;window.__xss=1;//")],
        [
          "a PNG with an HTML page appended",
          Buffer.concat([real.subarray(0, 40), Buffer.from("<html><script>x</script>")]),
        ],
        [
          "an SVG with a script",
          Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
        ],
        ["5 MB + 1 byte", Buffer.concat([real, Buffer.alloc(5 * 1024 * 1024 + 1 - real.length)])],
        ["an empty file", Buffer.alloc(0)],
        ["a 20000×20000 decompression bomb", pngClaiming(20_000, 20_000)],
      ];
      const before = await dumpDatabase(t.database.db);
      const rssBefore = process.memoryUsage().rss;
      let peak = rssBefore;
      for (const [name, bytes] of files) {
        const res = await t.app.inject(await submit(bytes));
        requests++;
        peak = Math.max(peak, process.memoryUsage().rss);
        expect(res.statusCode, `${name}: ${res.body}`).toBe(400);
        expect(res.json().error, name).toEqual(expect.any(String));
        expect((await t.app.inject({ method: "GET", url: "/api/posts" })).statusCode).toBe(200);
      }
      expect(await dumpDatabase(t.database.db)).toEqual(before);
      // Decoding the bomb would need 1.2 GB; refusing it from its header needs next to nothing.
      expect(peak - rssBefore).toBeLessThan(300 * 1024 * 1024);
    });

    it("refuses many parts and a cut-off stream with a 400, and serves the next request", async () => {
      const before = await dumpDatabase(t.database.db);
      const many: Record<string, string> = {};
      for (let i = 0; i < 200; i++) many[`f${i}`] = "x";
      const crowded = await t.app.inject(await submit(await png(8, 8), many));
      expect(crowded.statusCode, crowded.body).toBe(400);
      const whole = await submit(await png(64, 64));
      const payload = whole.payload as Buffer;
      const cut = await t.app.inject({ ...whole, payload: payload.subarray(0, Math.floor(payload.length / 2)) });
      expect(cut.statusCode, cut.body).toBe(400);
      expect(cut.json().error).toEqual(expect.any(String));
      requests += 2;
      expect(await dumpDatabase(t.database.db)).toEqual(before);
      expect((await t.app.inject({ method: "GET", url: "/api/health" })).statusCode).toBe(200);
    });
  });
});

function crc32(buffer: Buffer): number {
  let crc = -1;
  for (const byte of buffer) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return (crc ^ -1) >>> 0;
}
