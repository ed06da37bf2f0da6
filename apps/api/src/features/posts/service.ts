/**
 * The forum: visible posts with their authors and votes, new posts, and votes whose counts always equal
 * the votes recorded (one row per wallet per post).
 */

import type { Post, VoteType } from "@classcoin/shared/entities";
import { messages } from "@classcoin/shared/messages";
import { type ListPageQuery, pageLimit } from "@classcoin/shared/paging";
import { postContentSchema } from "@classcoin/shared/posts";
import { and, desc, eq, lt, ne, type SQL, sql } from "drizzle-orm";
import type { AdminGrant } from "../../auth/admin";
import { requireMinBalance } from "../../chain/balances";
import type { Db } from "../../db/client";
import { createOnce, submittedJustNow } from "../../db/double-submit";
import { posts, profiles, votes } from "../../db/schema";
import type { AppDeps } from "../../deps";
import { notFound, validationFailed } from "../../http-errors";
import { findProfile, requireVoterInClass } from "../profiles/service";

// The votes map and the comment count live on the post row, kept by triggers (migration 0012) in the same
// transaction as the votes and comments they count, so a list never shows them out of step.
const postColumns = {
  id: posts.id,
  authorWallet: posts.authorWallet,
  content: posts.content,
  createdAt: posts.createdAt,
  upvotes: posts.upvotes,
  downvotes: posts.downvotes,
  hidden: posts.hidden,
  authorName: profiles.name,
  authorPhoto: profiles.photo,
  votes: posts.votesMap,
  commentCount: posts.commentCount,
};

type PostRow = {
  id: number;
  authorWallet: string;
  content: string;
  createdAt: Date;
  upvotes: number;
  downvotes: number;
  hidden: boolean;
  authorName: string | null;
  authorPhoto: string | null;
  votes: Record<string, VoteType>;
  commentCount: number;
};

function toPost(row: PostRow): Post {
  return {
    _id: String(row.id),
    authorWallet: row.authorWallet,
    content: row.content,
    createdAt: row.createdAt.toISOString(),
    upvotes: row.upvotes,
    downvotes: row.downvotes,
    votes: row.votes,
    hidden: row.hidden,
    authorName: row.authorName ?? (row.authorWallet || "Unknown"),
    authorPhoto: row.authorPhoto,
    commentCount: row.commentCount,
  };
}

function selectPosts(db: Db, where: SQL | undefined) {
  return db
    .select(postColumns)
    .from(posts)
    .leftJoin(profiles, eq(profiles.wallet, posts.authorWallet))
    .where(where)
    .orderBy(desc(posts.id));
}

/** Visible posts, newest first; `before` continues after the post with that id (keyset paging). */
export async function listPosts(db: Db, page: ListPageQuery): Promise<Post[]> {
  const visible = eq(posts.hidden, false);
  const where = page.before ? and(visible, lt(posts.id, Number(page.before))) : visible;
  const query = selectPosts(db, where);
  const limit = pageLimit(page);
  const rows = await (limit === undefined ? query : query.limit(limit));
  return rows.map(toPost);
}

async function readPost(db: Db, id: number): Promise<Post> {
  const [row] = await selectPosts(db, eq(posts.id, id));
  if (!row) throw notFound(messages.post.notFound);
  return toPost(row);
}

/**
 * Writes a post after the spec's checks (§5 "Post"): a profile, at least 1 CC on chain, 1–2000 characters.
 * Every failing check is reported at once. The same content from the same author again within the double
 * submit window (db/double-submit.ts) is the post already written: `created` is false, and nothing is to be
 * announced.
 */
export async function createPost(
  deps: AppDeps,
  input: { authorWallet: `0x${string}`; content: string },
): Promise<{ post: Post; created: boolean }> {
  const { db } = deps.database;
  const errors: string[] = [];
  const balanceErrors: string[] = [];
  const [profile] = await Promise.all([
    findProfile(db, input.authorWallet),
    requireMinBalance(deps, input.authorWallet, messages.post.balance, balanceErrors),
  ]);
  // An archived (moderated) profile counts as none, as everywhere else.
  if (!profile || profile.archived) errors.push(messages.post.profile);
  errors.push(...balanceErrors);
  const content = postContentSchema.safeParse(input.content);
  if (!content.success) errors.push(...content.error.issues.map((i) => i.message));
  if (errors.length > 0 || !content.success) throw validationFailed(errors);
  const { row, created } = await createOnce(
    db,
    input.authorWallet,
    async (tx) =>
      (
        await tx
          .select({ id: posts.id })
          .from(posts)
          .where(
            and(
              eq(posts.authorWallet, input.authorWallet),
              eq(posts.content, content.data),
              // One the instructor hid meanwhile is not answered as if just posted (a new one is, as before).
              eq(posts.hidden, false),
              submittedJustNow(posts.createdAt),
            ),
          )
          .orderBy(desc(posts.id))
          .limit(1)
      )[0],
    async (tx) =>
      (
        await tx
          .insert(posts)
          .values({ authorWallet: input.authorWallet, content: content.data })
          .returning({ id: posts.id })
      )[0]!,
  );
  return { post: await readPost(db, row.id), created };
}

/**
 * Records the wallet's vote (any signed-in wallet's, a class member's while whitelist mode is on: the same
 * option again keeps it, the other one switches it) and recounts.
 * The post row is locked first, so concurrent votes on one post run one after another and the counts
 * written are always the counts of the votes table.
 */
export async function votePost(
  db: Db,
  input: { postId: string; type: VoteType; voterWallet: `0x${string}` },
  /** The configured whitelist mode while the admin has not set it (`config.whitelistModeDefault`). */
  whitelistModeDefault = false,
): Promise<Post> {
  const postId = Number(input.postId);
  await requireVoterInClass(db, input.voterWallet, whitelistModeDefault);
  return db.transaction(async (tx) => {
    const [post] = await tx
      .select({ id: posts.id })
      .from(posts)
      .where(and(eq(posts.id, postId), eq(posts.hidden, false)))
      .for("update");
    if (!post) throw notFound(messages.post.notFound);
    await tx
      .insert(votes)
      .values({ postId, wallet: input.voterWallet, type: input.type })
      .onConflictDoUpdate({
        target: [votes.postId, votes.wallet],
        set: { type: input.type, updatedAt: sql`now()` },
        setWhere: sql`${votes.type} <> excluded.type`,
      });
    const count = (type: VoteType) =>
      sql`(select count(*)::int from ${votes} where ${votes.postId} = ${postId} and ${votes.type} = ${type})`;
    await tx
      .update(posts)
      .set({ upvotes: count("up"), downvotes: count("down") })
      .where(eq(posts.id, postId));
    return readPost(tx, postId);
  });
}

/** Every post for the admin, hidden ones too, with its author and votes, newest first. */
export async function listAllPosts(db: Db): Promise<Post[]> {
  return (await selectPosts(db, undefined)).map(toPost);
}

/**
 * Moderation: a hidden post leaves the forum; the admin still lists it. `changed` is false when the post was
 * already so (a second click): nothing is announced and its author is not told twice.
 */
export async function setPostHidden(
  db: Db,
  grant: AdminGrant,
  input: { postId: string; hide: boolean },
): Promise<{ post: Post; changed: boolean }> {
  const id = Number(input.postId);
  return db.transaction(async (tx) => {
    await grant.consume(tx);
    const updated = await tx
      .update(posts)
      .set({ hidden: input.hide })
      .where(and(eq(posts.id, id), ne(posts.hidden, input.hide)))
      .returning({ id: posts.id });
    return { post: await readPost(tx, id), changed: updated.length > 0 };
  });
}
