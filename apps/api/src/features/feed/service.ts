/**
 * The Feed (issue 18): anonymous image posts. What the public sees of a post never names its author (no
 * wallet, no name, no photo); a signed-in author's own posts are marked `mine`. The admin's reads carry the
 * author. Images go through the images feature (checked by their bytes, re-encoded, stored).
 */
import type { AdminFeedPost, FeedPage, FeedPost } from "@classcoin/shared/feed";
import { FEED_MAX_IMAGES, feedTextSchema } from "@classcoin/shared/feed";
import { messages } from "@classcoin/shared/messages";
import { and, desc, eq, lt, ne, or, type SQL, sql } from "drizzle-orm";
import type { AdminGrant } from "../../auth/admin";
import type { Db } from "../../db/client";
import { createOnce, submittedJustNow } from "../../db/double-submit";
import { feedPosts, profiles } from "../../db/schema";
import { notFound, validationFailed } from "../../http-errors";
import type { UploadedFile } from "../images/multipart";
import { storeImage } from "../images/service";

type FeedRow = typeof feedPosts.$inferSelect;

const MINUTE_MS = 60_000;

/**
 * The public view of a post: what it shows, never who posted it. Its time is given to the minute (what the
 * page shows): to the millisecond it could be matched with the same student's named actions around it.
 */
function toFeedPost(row: FeedRow, viewer: string | null): FeedPost {
  return {
    _id: String(row.id),
    text: row.text,
    images: row.images,
    createdAt: new Date(Math.floor(row.createdAt.getTime() / MINUTE_MS) * MINUTE_MS).toISOString(),
    mine: viewer !== null && viewer === row.authorWallet,
  };
}

/**
 * Visible posts, newest first; `before` continues after the post with that id. A post is out once the span of
 * `spanMs` it was written in has ended (when the announcer tells open pages), except to its author: the list
 * is public and may be polled, and a post listed the moment it was written could be matched with its author's
 * named actions around it as the live stream's own announcement could. Spans are of the database's clock, as
 * the posts' times are: by an instance's own clock, one running behind the instance that announced a post
 * still held it back when the announcement brought pages to read the list again (and they never read again).
 */
export async function listFeed(
  db: Db,
  page: { limit: number; before?: string },
  viewer: string | null,
  spanMs: number,
): Promise<FeedPage> {
  const spanStart = sql`to_timestamp(floor(extract(epoch from now()) * 1000 / ${spanMs}::bigint) * ${spanMs}::bigint / 1000.0)`;
  const out = spanMs > 0 ? lt(feedPosts.createdAt, spanStart) : undefined;
  const shown = out === undefined ? undefined : viewer ? or(out, eq(feedPosts.authorWallet, viewer)) : out;
  const visible = and(eq(feedPosts.hidden, false), shown);
  const where = page.before ? and(visible, lt(feedPosts.id, Number(page.before))) : visible;
  // One more than asked tells whether an older page exists.
  const rows = await db
    .select()
    .from(feedPosts)
    .where(where)
    .orderBy(desc(feedPosts.id))
    .limit(page.limit + 1);
  const listed = rows.slice(0, page.limit);
  return {
    posts: listed.map((row) => toFeedPost(row, viewer)),
    nextCursor: rows.length > page.limit ? String(listed[listed.length - 1]!.id) : null,
  };
}

/**
 * Writes a post after its checks: an active profile, 1–4 images, text up to 500 characters. The form's
 * failures are reported together; then every image is checked by its bytes and stored (a bad one refuses
 * the post, with the photo messages of spec §5). The same text and images from the same author again within
 * the double submit window (db/double-submit.ts) is the post already written: `created` is false, and it is
 * not to be announced again.
 */
export async function createFeedPost(
  db: Db,
  input: { authorWallet: `0x${string}`; text: string },
  files: UploadedFile[],
): Promise<{ post: FeedPost; created: boolean; writtenAt: Date }> {
  const [profile] = await db
    .select({ archived: profiles.archived })
    .from(profiles)
    .where(eq(profiles.wallet, input.authorWallet));
  const errors: string[] = [];
  if (!profile || profile.archived) errors.push(messages.feed.profile);
  if (files.length === 0) errors.push(messages.feed.images);
  if (files.length > FEED_MAX_IMAGES) errors.push(messages.feed.tooManyImages);
  const text = feedTextSchema.safeParse(input.text);
  if (!text.success) errors.push(...text.error.issues.map((i) => i.message));
  if (errors.length > 0 || !text.success) throw validationFailed(errors);

  const images: string[] = [];
  for (const file of files) images.push(await storeImage(db, file.bytes, "feed"));
  // Its time by the database's clock, the one every instance's `listFeed` reads its spans by (and the announcer
  // times its announcement from); taken once the author's lock is held, so a copy that waited on it is timed
  // after the first.
  const { row, created } = await createOnce(
    db,
    input.authorWallet,
    async (tx) =>
      (
        await tx
          .select()
          .from(feedPosts)
          .where(
            and(
              eq(feedPosts.authorWallet, input.authorWallet),
              eq(feedPosts.text, text.data),
              // One the instructor hid meanwhile is not answered as if just posted (a new one is, as before).
              eq(feedPosts.hidden, false),
              // The same pictures in the same order: stored under the hash of their bytes, the same names.
              sql`${feedPosts.images} = ${JSON.stringify(images)}::jsonb`,
              submittedJustNow(feedPosts.createdAt),
            ),
          )
          .orderBy(desc(feedPosts.id))
          .limit(1)
      )[0],
    async (tx) =>
      (
        await tx
          .insert(feedPosts)
          .values({ authorWallet: input.authorWallet, text: text.data, images, createdAt: sql`clock_timestamp()` })
          .returning()
      )[0]!,
  );
  return { post: toFeedPost(row, input.authorWallet), created, writtenAt: row.createdAt };
}

/** Whether a visible post shows the image of that name. */
export async function feedImageShown(db: Db, name: string): Promise<boolean> {
  const [row] = await db
    .select({ id: feedPosts.id })
    .from(feedPosts)
    .where(and(eq(feedPosts.hidden, false), sql`${feedPosts.images} @> ${JSON.stringify([name])}::jsonb`))
    .limit(1);
  return row !== undefined;
}

// ---- admin ----

function selectAdminFeed(db: Db, where: SQL | undefined) {
  return db
    .select({ post: feedPosts, authorName: profiles.name, authorPhoto: profiles.photo })
    .from(feedPosts)
    .leftJoin(profiles, eq(profiles.wallet, feedPosts.authorWallet))
    .where(where)
    .orderBy(desc(feedPosts.id));
}

const toAdminFeedPost = (row: {
  post: FeedRow;
  authorName: string | null;
  authorPhoto: string | null;
}): AdminFeedPost => ({
  _id: String(row.post.id),
  text: row.post.text,
  images: row.post.images,
  createdAt: row.post.createdAt.toISOString(),
  authorWallet: row.post.authorWallet,
  authorName: row.authorName ?? row.post.authorWallet,
  authorPhoto: row.authorPhoto,
  hidden: row.post.hidden,
});

/** Every post with its author, hidden ones too, newest first. */
export async function listAllFeedPosts(db: Db): Promise<AdminFeedPost[]> {
  return (await selectAdminFeed(db, undefined)).map(toAdminFeedPost);
}

/**
 * Moderation: a hidden post leaves the Feed; the admin still lists it. `changed` is false when it was already
 * so: nothing to announce, its author is not told twice.
 */
export async function setFeedPostHidden(
  db: Db,
  grant: AdminGrant,
  input: { feedPostId: string; hide: boolean },
): Promise<{ post: AdminFeedPost; changed: boolean }> {
  const id = Number(input.feedPostId);
  return db.transaction(async (tx) => {
    await grant.consume(tx);
    const updated = await tx
      .update(feedPosts)
      .set({ hidden: input.hide })
      .where(and(eq(feedPosts.id, id), ne(feedPosts.hidden, input.hide)))
      .returning({ id: feedPosts.id });
    const [row] = await selectAdminFeed(tx, eq(feedPosts.id, id));
    if (!row) throw notFound(messages.feed.notFound);
    return { post: toAdminFeedPost(row), changed: updated.length > 0 };
  });
}
