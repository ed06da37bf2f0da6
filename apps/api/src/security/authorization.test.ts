/**
 * The authorization matrix, generated from the routes Fastify actually serves: every route must have an
 * access class (route-inventory.ts), every user write refuses a missing, foreign or expired session, and
 * every admin call refuses each way a signed admin message can be wrong; after each refusal every table
 * of the database is byte-for-byte what it was. (The SIWE refusals themselves are in auth/auth.test.ts,
 * the admin error texts in auth/admin-auth.test.ts.)
 */
import { createHash } from "node:crypto";
import { ADMIN_SIGNATURE_MAX_AGE_MS } from "@classcoin/shared/constants";
import { desc, eq } from "drizzle-orm";
import type { InjectOptions } from "fastify";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../db/client";
import {
  archives,
  bounties,
  comments,
  deployRuns,
  feedPosts,
  posts,
  predictionRounds,
  profiles,
  projects,
  semesters,
  sessions,
  whitelist,
} from "../db/schema";
import { adminRouteTable } from "../features/admin/routes";
import { ADMIN_WALLET, adminInject, signedAdminRequest } from "../testing/admin";
import { createTestApp, type TestApp } from "../testing/app";
import { startTestChain, type TestChain } from "../testing/chain";
import { testDatabaseKinds } from "../testing/database";
import { multipartBody } from "../testing/multipart";
import { signIn } from "../testing/sign-in";
import { transfer } from "../testing/transfers";
import { dumpDatabase, rowCount } from "./db-dump";
import { accessClass, type ServedRoute, servedRoutes, unservedEndpoints } from "./route-inventory";

let chain: TestChain;
beforeAll(async () => {
  chain = await startTestChain();
  await chain.fund(chain.wallet(1).account.address, 100);
});
afterAll(async () => {
  await chain?.stop();
});

const address = (index: number) => chain.wallet(index).account.address.toLowerCase() as `0x${string}`;
const figures = { refusals: 0, rowsCompared: 0 };

describe.each(testDatabaseKinds())("authorization matrix on %s", (kind) => {
  let t: TestApp;
  let routes: ServedRoute[];
  /** Cookies: the acting wallet's (dev 1) own, another wallet's (dev 2), and dev 1's expired session. */
  const cookies = { own: "", other: "", expired: "" };
  /** A valid request body for each session write, acting as dev 1. */
  const writes = new Map<string, () => Promise<InjectOptions>>();

  beforeAll(async () => {
    t = await createTestApp(chain, kind);
    routes = servedRoutes(t.app);
    const { db } = t.database;
    await db
      .insert(profiles)
      .values(
        [1, 3].map((i) => ({ wallet: address(i), name: `Student ${i}`, birthday: "2010-01-01", starSign: "Leo" })),
      );
    const [post] = await db
      .insert(posts)
      .values({ authorWallet: address(3), content: "hello" })
      .returning();
    const [project] = await db
      .insert(projects)
      .values({ authorWallet: address(3), projectNumber: 1, title: "Fox", image: "fox.webp" })
      .returning();
    const tipHash = await transfer(chain, 1, address(3), 2);
    cookies.own = await signIn(t, 1);
    cookies.other = await signIn(t, 2);
    cookies.expired = await signIn(t, 1);
    const token = cookies.expired.split("=")[1] ?? "";
    await db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where(eq(sessions.tokenHash, createHash("sha256").update(token).digest("hex")));

    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: "#c33" } })
      .png()
      .toBuffer();
    const profileForm = { wallet: address(1), name: "Ada", birthday: "2010-05-05", starSign: "Leo", balance: 5 };
    const multipart = async (url: string, fields: Record<string, string | number>, withImage = false) => {
      const body = await multipartBody(fields, withImage ? { image: { bytes: png, type: "image/png" } } : {});
      return { method: "POST" as const, url, payload: body.payload, headers: body.headers };
    };
    writes.set("POST /api/profiles", () => multipart("/api/profiles", profileForm));
    writes.set("POST /api/profiles/update", () => multipart("/api/profiles/update", profileForm));
    writes.set("POST /api/projects", () =>
      multipart("/api/projects", { wallet: address(1), projectNumber: 2, title: "Owl", description: "" }, true),
    );
    writes.set("POST /api/posts", async () => ({
      method: "POST",
      url: "/api/posts",
      payload: { authorWallet: address(1), content: "my post" },
    }));
    writes.set("POST /api/posts/vote", async () => ({
      method: "POST",
      url: "/api/posts/vote",
      payload: { postId: String(post!.id), type: "up", voterWallet: address(1) },
    }));
    // Comments (issue 18): on dev 3's post; the vote on dev 3's comment, the delete of a fresh one by dev 1.
    const [comment] = await db
      .insert(comments)
      .values({ postId: post!.id, authorWallet: address(3), text: "nice" })
      .returning();
    writes.set("POST /api/comments", async () => ({
      method: "POST",
      url: "/api/comments",
      payload: { postId: String(post!.id), authorWallet: address(1), text: "my comment" },
    }));
    writes.set("POST /api/comments/vote", async () => ({
      method: "POST",
      url: "/api/comments/vote",
      payload: { commentId: String(comment!.id), type: "up", voterWallet: address(1) },
    }));
    writes.set("POST /api/comments/delete", async () => {
      const [own] = await db
        .insert(comments)
        .values({ postId: post!.id, authorWallet: address(1), text: "mine" })
        .returning();
      return {
        method: "POST",
        url: "/api/comments/delete",
        payload: { commentId: String(own!.id), authorWallet: address(1) },
      };
    });
    writes.set("POST /api/feed", () => multipart("/api/feed", { authorWallet: address(1), text: "anonymous" }, true));
    // Issue 14: a gasless transfer; past the session check its made-up signature is refused (400).
    writes.set("POST /api/relay/transfer", async () => ({
      method: "POST",
      url: "/api/relay/transfer",
      payload: {
        from: address(1),
        to: address(3),
        value: "1000000000000000000",
        validAfter: "0",
        validBefore: String(Math.floor(Date.now() / 1000) + 600),
        nonce: `0x${"ab".repeat(32)}`,
        signature: `0x${"12".repeat(65)}`,
      },
    }));
    // Predictions (issue 18): project 2's round open, dev 1 predicting dev 3's submission.
    await db.insert(predictionRounds).values({ projectNumber: 2, open: true });
    const [predictable] = await db
      .insert(projects)
      .values({ authorWallet: address(3), projectNumber: 2, title: "Heron", image: "heron.webp" })
      .returning();
    writes.set("POST /api/predictions", async () => ({
      method: "POST",
      url: "/api/predictions",
      payload: { projectNumber: 2, predictorWallet: address(1), projectId: String(predictable!.id) },
    }));
    writes.set("POST /api/projects/send-coin", async () => ({
      method: "POST",
      url: "/api/projects/send-coin",
      payload: {
        fromWallet: address(1),
        toWallet: address(3),
        amount: 2,
        projectId: String(project!.id),
        txHash: tipHash,
      },
    }));
  });
  afterAll(async () => {
    await t?.close();
    if (kind === testDatabaseKinds().at(-1)) {
      console.log(
        `authorization matrix: ${figures.refusals} refused requests, ${figures.rowsCompared} rows compared before/after`,
      );
    }
  });

  /** Sends the request, expects the refusal, and that no byte of the database changed. */
  async function expectRefused(request: InjectOptions, status: 401 | 403) {
    const before = await dumpDatabase(t.database.db);
    const res = await t.app.inject(request);
    expect(res.statusCode, res.body).toBe(status);
    expect(res.headers["content-type"]).toMatch(/^application\/json/);
    expect(typeof res.json().error).toBe("string");
    const after = await dumpDatabase(t.database.db);
    expect(after).toEqual(before);
    figures.refusals++;
    figures.rowsCompared += rowCount(before) + rowCount(after);
  }

  it("every route Fastify serves has an access class, and the classes match the route tables", () => {
    expect(routes.length).toBeGreaterThan(30);
    expect(routes.filter((r) => accessClass(r) === null).map((r) => `${r.method} ${r.url}`)).toEqual([]);
    expect(unservedEndpoints(routes)).toEqual([]);
    const writeRoutes = routes.filter((r) => accessClass(r) === "session-write").map((r) => `${r.method} ${r.url}`);
    expect(writeRoutes.sort()).toEqual([...writes.keys()].sort());
    const admin = routes.filter((r) => accessClass(r) === "admin").map((r) => `${r.method} ${r.url}`);
    expect(admin.sort()).toEqual(adminRouteTable.map((r) => `${r.method} /api/admin${r.path}`).sort());
    // Nothing but GET is public.
    expect(routes.filter((r) => accessClass(r) === "public-read" && r.method !== "GET")).toEqual([]);
  });

  describe("user writes", () => {
    const cases = [
      ["without a session", undefined, 401],
      ["with another wallet's session", "other", 403],
      ["with an expired session", "expired", 401],
    ] as const;

    it("each refuses a missing, foreign or expired session, changing nothing", async () => {
      for (const route of routes.filter((r) => accessClass(r) === "session-write")) {
        const build = writes.get(`${route.method} ${route.url}`);
        if (!build) throw new Error(`no request body for ${route.method} ${route.url}`);
        for (const [, cookie, status] of cases) {
          const request = await build();
          const headers = { ...(request.headers as Record<string, string>) };
          if (cookie) headers.cookie = cookies[cookie];
          await expectRefused({ ...request, headers }, status);
        }
        // The same request with the acting wallet's own session gets past the session check.
        const own = await build();
        const res = await t.app.inject({
          ...own,
          headers: { ...(own.headers as Record<string, string>), cookie: cookies.own },
        });
        expect([401, 403], `${route.url}: ${res.body}`).not.toContain(res.statusCode);
        expect(res.statusCode, res.body).toBeLessThan(500);
      }
    });
  });

  describe("session reads", () => {
    it("each refuses a missing or expired session, changing nothing, and answers the session's own wallet", async () => {
      const reads = routes.filter((r) => accessClass(r) === "session-read");
      expect(reads.map((r) => `${r.method} ${r.url}`).sort()).toEqual([
        "GET /api/notifications",
        "GET /api/relay/allowance",
        "GET /api/whitelist/me",
        "POST /api/notifications/read",
      ]);
      for (const route of reads) {
        const request: InjectOptions =
          route.method === "GET"
            ? { method: "GET", url: route.url }
            : { method: "POST", url: route.url, payload: { ids: ["1"] } };
        await expectRefused(request, 401);
        await expectRefused({ ...request, headers: { cookie: cookies.expired } }, 401);
        const own = await t.app.inject({ ...request, headers: { cookie: cookies.own } });
        expect(own.statusCode, `${route.url}: ${own.body}`).toBe(200);
      }
    });
  });

  describe("admin calls", () => {
    const student = () => address(1);

    /** A valid body for each admin call, seeding what it acts on. */
    async function validBody(db: Db, method: string, path: string): Promise<Record<string, unknown>> {
      if (method === "GET") return {};
      const bountyRow = async () =>
        String((await db.insert(bounties).values({ title: "B", description: "D", reward: 1 }).returning())[0]!.id);
      switch (path) {
        case "/profiles/archive":
          return { wallet: address(3), archive: false };
        case "/posts/hide":
          return {
            postId: String(
              (
                await db
                  .insert(posts)
                  .values({ authorWallet: address(3), content: "x" })
                  .returning()
              )[0]!.id,
            ),
            hide: true,
          };
        case "/predictions/round":
          return { projectNumber: 4, open: true };
        case "/feed/hide": {
          const [row] = await db
            .insert(feedPosts)
            .values({ authorWallet: address(3), text: "f", images: ["f.webp"] })
            .returning();
          return { feedPostId: String(row!.id), hide: true };
        }
        case "/comments/hide": {
          const [postRow] = await db
            .insert(posts)
            .values({ authorWallet: address(3), content: "y" })
            .returning();
          const [row] = await db
            .insert(comments)
            .values({ postId: postRow!.id, authorWallet: address(3), text: "z" })
            .returning();
          return { commentId: String(row!.id), hide: true };
        }
        case "/projects/archive": {
          const [row] = await db
            .insert(projects)
            .values({ authorWallet: address(4), projectNumber: 3, title: "T", image: "t.webp" })
            .returning();
          return { projectId: String(row!.id), archive: true };
        }
        case "/bounties":
          return { title: "Draw", description: "Any medium", reward: 5 };
        case "/bounties/update":
        case "/bounties/cross-out":
        case "/bounties/delete": {
          const bountyId = await bountyRow();
          if (path === "/bounties/delete") return { bountyId };
          if (path === "/bounties/cross-out") return { bountyId, crossOut: true };
          return { bountyId, title: "B2", description: "D2", reward: 2 };
        }
        case "/settings":
          return { key: "whitelistMode", value: false };
        case "/whitelist/add":
          return { wallet: address(5), notes: "" };
        case "/whitelist/remove":
          await db
            .insert(whitelist)
            .values({ wallet: address(6) })
            .onConflictDoNothing();
          return { wallet: address(6) };
        case "/bounties/complete":
          return { bountyId: await bountyRow(), wallet: address(3) };
        case "/bounties/cancel":
          return { bountyId: await bountyRow() };
        case "/bounties/reopen": {
          const [row] = await db
            .insert(bounties)
            .values({ title: "B", description: "D", reward: 1, status: "cancelled" })
            .returning();
          return { bountyId: String(row!.id) };
        }
        case "/award":
          return { wallet: address(3), amount: 2, note: "Great poster" };
        case "/whitelist/add-many":
          return { list: `${address(7)},roster\n${address(8)}` };
        case "/deploy-classcoin/resume": {
          const [run] = await db
            .insert(deployRuns)
            .values({
              signatureHash: "x",
              status: "interrupted",
              amountPerProfile: 10_000,
              recipientWallets: [],
              chunkSize: 200,
            })
            .returning();
          return { runId: String(run!.id) };
        }
        case "/deploy-ClassCoin":
        case "/deploy-classcoin":
          return { confirmed: true };
        case "/semesters/archive":
          return { name: "Fall 2026" };
        case "/semesters/start": {
          // Archived (or the start is refused with 409); it then clears the class, so it runs last (below).
          const [semester] = await db.select().from(semesters).orderBy(desc(semesters.id)).limit(1);
          await db
            .insert(archives)
            .values({
              semesterId: semester!.id,
              name: "Fall",
              startedAt: semester!.startedAt,
              startBlock: 0,
              endBlock: 0,
              counts: {},
              profiles: [],
              projects: [],
              posts: [],
              bounties: [],
              predictions: [],
              leaderboard: {},
            })
            .onConflictDoNothing();
          return { clearWhitelist: false };
        }
        case "/archives/remove": {
          // A past semester's archive (the current one's is written again from the live class: refused).
          const [semester] = await db.select().from(semesters).orderBy(desc(semesters.id)).limit(1);
          const posted = [{ _id: "1", authorWallet: address(3), authorName: "S", content: "x", comments: [] }];
          const none = { profiles: 0, photos: 0, projectSubmissions: 0, projectImages: 0, comments: 0 };
          const counts = { ...none, transactions: 0, posts: 1, bounties: 0, predictions: 0 };
          const [archive] = await db
            .insert(archives)
            .values({
              semesterId: semester!.id,
              name: "Summer",
              startedAt: semester!.startedAt,
              startBlock: 0,
              endBlock: 0,
              counts,
              profiles: [],
              projects: [],
              posts: posted,
              bounties: [],
              predictions: [],
              leaderboard: {},
            })
            // "Archive semester" may have archived this semester already.
            .onConflictDoUpdate({ target: archives.semesterId, set: { posts: posted, counts } })
            .returning();
          await db.insert(semesters).values({ startBlock: 0 });
          return { archiveId: String(archive!.id), kind: "post", target: "1" };
        }
        default:
          throw new Error(`no valid body for admin route ${method} ${path}: add one here`);
      }
    }

    it("each refuses no signature, another signer, an old or future timestamp, another action, changed extras, a replay and a non-admin wallet", async () => {
      // Starting a new semester clears the profiles and posts the other calls act on: it goes last.
      const last = (r: ServedRoute) => Number(r.url === "/api/admin/semesters/start");
      const adminCalls = routes.filter((r) => accessClass(r) === "admin").sort((a, b) => last(a) - last(b));
      for (const route of adminCalls) {
        const method = route.method as "GET" | "POST";
        const path = route.url.replace(/^\/api\/admin/, "");
        const body = await validBody(t.database.db, method, path);
        const sign = async (options: Partial<Parameters<typeof signedAdminRequest>[0]> = {}) =>
          (await signedAdminRequest({ method, path, body, ...options })).inject;
        const [firstKey, firstValue] = Object.entries(body)[0] ?? ["extra", 1];
        const changed =
          typeof firstValue === "boolean" ? !firstValue : typeof firstValue === "number" ? firstValue + 1 : "changed";
        const otherAction = path.startsWith("/dashboard") ? "admin_get_settings" : "admin_get_dashboard";

        await expectRefused(adminInject(method, path, ADMIN_WALLET, body, undefined, undefined), 403);
        await expectRefused(await sign({ signer: 1 }), 403);
        await expectRefused(await sign({ timestamp: Date.now() - ADMIN_SIGNATURE_MAX_AGE_MS - 1_000 }), 403);
        await expectRefused(await sign({ timestamp: Date.now() + ADMIN_SIGNATURE_MAX_AGE_MS + 1_000 }), 403);
        await expectRefused(await sign({ action: otherAction }), 403);
        await expectRefused(await sign({ extras: { ...body, [firstKey]: changed } }), 403);
        await expectRefused(await sign({ wallet: student(), signer: 1 }), 403);
        await expectRefused(await sign({ wallet: student() }), 403);

        const accepted = await sign();
        const first = await t.app.inject(accepted);
        expect(first.statusCode, `${method} ${path}: ${first.body}`).toBe(200);
        await expectRefused(accepted, 403);
      }
    });
  });
});
