/**
 * A database written before the Feed's images were encoded apart (separate-images.ts): a Feed post whose
 * image is a named project's (the same picture, stored once), and one whose image a later project upload of
 * that picture would have matched. After the start-up pass neither can be matched; projects are untouched.
 */
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterEach, describe, expect, it } from "vitest";
import type { Database } from "../../db/client";
import { feedPosts, images, projects } from "../../db/schema";
import { createTestDatabase, testDatabaseKinds } from "../../testing/database";
import { readImage, storeImage } from "../images/service";
import { separateFeedImages } from "./separate-images";

const artwork = (mean: number) =>
  sharp({
    create: { width: 120, height: 80, channels: 3, background: "#888", noise: { type: "gaussian", mean, sigma: 30 } },
  })
    .png()
    .toBuffer();

/** How the Feed stored an image before: exactly as a project image (same bytes, same name, one row). */
async function storedTheOldWay(database: Database, picture: Buffer) {
  const name = await storeImage(database.db, picture, "project");
  await database.db.update(images).set({ kind: "feed" }).where(eq(images.name, name));
  return name;
}

describe.each(testDatabaseKinds())("the Feed's images encoded apart, once, on %s", (kind) => {
  let database: Database | undefined;
  afterEach(async () => {
    await database?.close();
  });

  it("re-encodes the old Feed images, points the posts at them, keeps a project's and drops the rest", async () => {
    database = await createTestDatabase(kind);
    const { db } = database;
    const shared = await artwork(100);
    const feedOnly = await artwork(150);
    const projectImage = await storeImage(db, shared, "project");
    await db
      .insert(projects)
      .values({ authorWallet: `0x${"a".repeat(40)}`, projectNumber: 1, title: "Named", image: projectImage });
    const oldFeedOnly = await storedTheOldWay(database, feedOnly);
    const [post] = await db
      .insert(feedPosts)
      .values({ authorWallet: `0x${"b".repeat(40)}`, images: [projectImage, oldFeedOnly] })
      .returning();

    expect(await separateFeedImages(db)).toBe(2);
    const [after] = await db.select().from(feedPosts).where(eq(feedPosts.id, post!.id));
    const [first, second] = after!.images;
    expect([first, second]).not.toContain(projectImage);
    expect([first, second]).not.toContain(oldFeedOnly);
    // Not even what a project upload of the Feed-only picture would be named now.
    expect(second).not.toBe(await storeImage(db, feedOnly, "project"));
    const names = (await db.select({ name: images.name, kind: images.kind }).from(images)).map(
      (r) => `${r.name}:${r.kind}`,
    );
    expect(names).toEqual(expect.arrayContaining([`${projectImage}:project`, `${first}:feed`, `${second}:feed`]));

    // Done once: a second start changes nothing.
    expect(await separateFeedImages(db)).toBe(0);
    const [again] = await db.select().from(feedPosts).where(eq(feedPosts.id, post!.id));
    expect(again!.images).toEqual(after!.images);
  });

  it("an old Feed image nothing else shows is deleted", async () => {
    database = await createTestDatabase(kind);
    const { db } = database;
    const old = await storedTheOldWay(database, await artwork(60));
    await db.insert(feedPosts).values({ authorWallet: `0x${"c".repeat(40)}`, images: [old] });
    expect(await separateFeedImages(db)).toBe(1);
    expect(await db.select().from(images).where(eq(images.name, old))).toEqual([]);
  });

  it("an old Feed image a project reused (the same picture, stored once) stays the project's, served as one", async () => {
    database = await createTestDatabase(kind);
    const { db } = database;
    const picture = await artwork(200);
    const reused = await storedTheOldWay(database, picture);
    await db.insert(feedPosts).values({ authorWallet: `0x${"d".repeat(40)}`, images: [reused] });
    // The project upload of the same picture found the Feed's row and kept its name.
    expect(await storeImage(db, picture, "project")).toBe(reused);
    await db
      .insert(projects)
      .values({ authorWallet: `0x${"e".repeat(40)}`, projectNumber: 2, title: "Same", image: reused });
    expect(await separateFeedImages(db)).toBe(1);
    expect(await readImage(db, reused, "named")).not.toBeNull();
    expect(await readImage(db, reused, "feed")).toBeNull();
  });

  it("an old Feed row whose post a semester reset cleared, reused by an archived project, is served as the project's", async () => {
    database = await createTestDatabase(kind);
    const { db } = database;
    const picture = await artwork(220);
    // Posted to the Feed, then submitted (the upload found the Feed's row); the reset deleted the Feed post.
    const reused = await storedTheOldWay(database, picture);
    expect(await storeImage(db, picture, "project")).toBe(reused);
    expect(await readImage(db, reused, "named")).toBeNull();
    expect(await separateFeedImages(db)).toBe(0);
    // Before: still a Feed row, so the archive's project image answered 404 for good.
    expect(await readImage(db, reused, "named")).not.toBeNull();
  });
});
