/**
 * The image sweep (sweep.ts): an image is deleted once nothing shows it and its grace period is over, and
 * kept while any profile, project, Feed post, live or archived explorer row, or archive names it.
 */
import { desc, eq, inArray } from "drizzle-orm";
import Fastify from "fastify";
import sharp from "sharp";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Database, Db } from "../../db/client";
import {
  archives,
  archiveTransactions,
  feedPosts,
  images,
  profiles,
  projects,
  semesters,
  transactions,
} from "../../db/schema";
import { createTestDatabase, testDatabaseKinds } from "../../testing/database";
import { readImage, storeImage } from "./service";
import { deleteUnreferencedImages, IMAGE_GRACE_MS, scheduleImageSweep } from "./sweep";

/** A distinct picture for each seed, the same bytes for the same seed. */
function picture(seed: number): Promise<Buffer> {
  const [width, height] = [24, 16];
  const pixels = Buffer.alloc(width * height * 3);
  let x = seed * 2_654_435_761;
  for (let i = 0; i < pixels.length; i++) {
    x = (x * 1_103_515_245 + 12_345) >>> 0;
    pixels[i] = x >>> 24;
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer();
}

const wallet = (c: string) => `0x${c.repeat(40)}`;
const hoursAgo = (hours: number) => new Date(Date.now() - hours * 60 * 60 * 1000);

async function storedHoursAgo(db: Db, seed: number, hours: number, kind: "photo" | "project" | "feed" = "photo") {
  const name = await storeImage(db, await picture(seed), kind);
  await db
    .update(images)
    .set({ createdAt: hoursAgo(hours) })
    .where(eq(images.name, name));
  return name;
}

async function storedNames(db: Db): Promise<string[]> {
  return (await db.select({ name: images.name }).from(images)).map((r) => r.name).sort();
}

const explorerRow = (from: string, to: string, logIndex: number) => ({
  type: "transfer" as const,
  fromWallet: from,
  toWallet: to,
  amount: 1,
  amountWei: "1000000000000000000",
  timestamp: new Date(),
  txHash: `0x${"cd".repeat(32)}`,
  logIndex,
  blockNumber: 1,
});

describe.each(testDatabaseKinds())("the image sweep on %s", (kind) => {
  let database: Database | undefined;
  afterEach(async () => {
    await database?.close();
    database = undefined;
  });

  it("deletes old images nothing shows and keeps every image a row names, and every new one", async () => {
    database = await createTestDatabase(kind);
    const { db } = database;
    const old = (seed: number, k?: "photo" | "project" | "feed") => storedHoursAgo(db, seed, 3, k);
    const replacedPhoto = await old(10);
    const photo = await old(20);
    const projectImage = await old(30, "project");
    const hiddenFeedImage = await old(40, "feed");
    const explorerPhoto = await old(50);
    const archivedExplorerPhoto = await old(60);
    const archivedProjectImage = await old(70, "project");
    const clearedFeedImage = await old(80, "feed");
    const justStored = await storeImage(db, await picture(90), "project");

    await db
      .insert(profiles)
      .values({ wallet: wallet("a"), name: "Ada", birthday: "2010-01-01", starSign: "Leo", photo });
    await db
      .insert(projects)
      .values({ authorWallet: wallet("a"), projectNumber: 1, title: "Fox", image: projectImage });
    await db.insert(feedPosts).values({ authorWallet: wallet("b"), images: [hiddenFeedImage], hidden: true });
    await db.insert(transactions).values({ ...explorerRow(wallet("c"), wallet("a"), 0), toPhoto: explorerPhoto });
    const [semester] = await db.select().from(semesters).orderBy(desc(semesters.id)).limit(1);
    const [archive] = await db
      .insert(archives)
      .values({
        semesterId: semester!.id,
        name: "Spring",
        startedAt: semester!.startedAt,
        startBlock: 0,
        endBlock: 0,
        counts: {},
        leaderboard: {},
        profiles: [],
        projects: [{ title: "Old fox", image: archivedProjectImage }],
        posts: [],
        bounties: [],
        predictions: [],
      })
      .returning();
    await db.insert(archiveTransactions).values({
      ...explorerRow(wallet("d"), wallet("e"), 1),
      archiveId: archive!.id,
      position: 1,
      transactionId: 1,
      status: "completed",
      fromPhoto: archivedExplorerPhoto,
    });
    const before = await storedNames(db);

    expect(await deleteUnreferencedImages(db, IMAGE_GRACE_MS)).toBe(2);
    expect(await storedNames(db)).toEqual(before.filter((n) => n !== replacedPhoto && n !== clearedFeedImage));
    expect(await readImage(db, replacedPhoto, "named")).toBeNull();
    expect(await readImage(db, photo, "named")).not.toBeNull();
    expect(await readImage(db, justStored, "named")).not.toBeNull();
    // A second sweep finds nothing more.
    expect(await deleteUnreferencedImages(db, IMAGE_GRACE_MS)).toBe(0);
  });

  it("the same bytes stored again start their grace period again, so a re-upload is not swept before its row", async () => {
    database = await createTestDatabase(kind);
    const { db } = database;
    const name = await storedHoursAgo(db, 110, 3);
    expect(await storeImage(db, await picture(110), "photo")).toBe(name);
    expect(await deleteUnreferencedImages(db, IMAGE_GRACE_MS)).toBe(0);
    expect(await readImage(db, name, "named")).not.toBeNull();
  });

  // Instances of one PostgreSQL, each with its own clock (PGlite is one process, and reads the process's clock).
  it.runIf(kind === "postgres")(
    "an instance whose clock runs ahead does not sweep an image just stored, whose row is not written yet",
    async () => {
      database = await createTestDatabase(kind);
      const { db } = database;
      const orphan = await storedHoursAgo(db, 150, 3);
      // A student's new photo, stored a moment ago; the profile naming it is being written.
      const justStored = await storeImage(db, await picture(160), "photo");
      const app = Fastify({ logger: false });
      // This instance's clock is two hours ahead of the database's (and of the instance that stored the photo).
      vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + 2 * 60 * 60 * 1000 });
      try {
        scheduleImageSweep(app, db, { firstAfterMs: 20, everyMs: 60_000, graceMs: IMAGE_GRACE_MS });
        await app.ready();
        await expect
          .poll(async () => (await db.select().from(images).where(eq(images.name, orphan))).length, { timeout: 5_000 })
          .toBe(0);
        await app.close();
      } finally {
        vi.useRealTimers();
      }
      // Before: swept too, its grace measured by this instance's clock against the database's time of storing.
      expect(await readImage(db, justStored, "named")).not.toBeNull();
    },
  );

  it("runs in the background while the app runs, and stops with it", async () => {
    database = await createTestDatabase(kind);
    const { db } = database;
    const orphans = [await storedHoursAgo(db, 120, 3), await storedHoursAgo(db, 130, 3)];
    const app = Fastify({ logger: false });
    scheduleImageSweep(app, db, { firstAfterMs: 20, everyMs: 20, graceMs: IMAGE_GRACE_MS });
    await app.ready();
    await expect
      .poll(async () => (await db.select().from(images).where(inArray(images.name, orphans))).length, {
        timeout: 5_000,
      })
      .toBe(0);
    await app.close();
    // After close, nothing sweeps: an old unreferenced image stays.
    const later = await storedHoursAgo(db, 140, 3);
    await new Promise((r) => setTimeout(r, 100));
    expect(await readImage(db, later, "named")).not.toBeNull();
  });
});
