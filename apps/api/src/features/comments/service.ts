/**
 * Forum comments (issue 18): a visible post's comments with one level of replies, new comments and replies,
 * votes whose counts always equal the votes recorded (one row per wallet per comment, as posts), deleting
 * one's own comment, and the admin's list and hide/show.
 */

import { type AdminComment, type Comment, type CommentReplyTo, commentTextSchema } from "@classcoin/shared/comments";
import type { VoteType } from "@classcoin/shared/entities";
import { messages } from "@classcoin/shared/messages";
import { and, asc, desc, eq, exists, isNull, ne, or, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { AdminGrant } from "../../auth/admin";
import type { Db } from "../../db/client";
import { createOnce, submittedJustNow } from "../../db/double-submit";
import { comments, commentVotes, notifications, posts, profiles } from "../../db/schema";
import { conflict, forbidden, notFound, validationFailed } from "../../http-errors";
import { requireVoterInClass } from "../profiles/service";

/**
 * At most this many visible comments on one post (a class thread never comes close): one more is refused
 * (`createComment`), as the list shows no more. The list reads only the rows it shows, so comments deleted or
 * hidden take no room in it (1000 comments written and deleted used to fill it: every later comment was
 * stored and shown to no one).
 */
const MAX_COMMENTS_PER_POST = 1000;
/** The rows listed: the visible comments and at most one placeholder per thread, which has a visible reply. */
const MAX_LISTED_PER_POST = 2 * MAX_COMMENTS_PER_POST;
/** The admin list shows the start of the post a comment is on. */
const POST_EXCERPT_CHARS = 80;

/** The reply a reply to a reply answers, and its author's profile (for the current name, as `authorName`). */
const replyTarget = alias(comments, "reply_target");
const replyTargetProfile = alias(profiles, "reply_target_profile");

const commentColumns = {
  id: comments.id,
  postId: comments.postId,
  parentId: comments.parentId,
  replyToId: comments.replyToId,
  replyToWallet: replyTarget.authorWallet,
  replyToName: replyTargetProfile.name,
  replyToRemoved: sql<boolean | null>`(${replyTarget.hidden} or ${replyTarget.deleted})`,
  authorWallet: comments.authorWallet,
  text: comments.text,
  createdAt: comments.createdAt,
  upvotes: comments.upvotes,
  downvotes: comments.downvotes,
  hidden: comments.hidden,
  deleted: comments.deleted,
  authorName: profiles.name,
  authorPhoto: profiles.photo,
  votes: sql<Record<
    string,
    VoteType
  > | null>`(select json_object_agg(${commentVotes.wallet}, ${commentVotes.type}) from ${commentVotes} where ${commentVotes.commentId} = ${comments.id})`,
};

type CommentRow = {
  id: number;
  postId: number;
  parentId: number | null;
  replyToId: number | null;
  replyToWallet: string | null;
  replyToName: string | null;
  replyToRemoved: boolean | null;
  authorWallet: string;
  text: string;
  createdAt: Date;
  upvotes: number;
  downvotes: number;
  hidden: boolean;
  deleted: boolean;
  authorName: string | null;
  authorPhoto: string | null;
  votes: Record<string, VoteType> | null;
};

/** `blank`: the public view of a hidden comment kept only for its replies shows no text. */
/**
 * A comment as the API answers it. `blank`: a placeholder kept for its replies' thread. It names no one (the
 * page shows only "This comment was deleted." or "…hidden…"): its author, photo and voters stayed in the
 * public answer, so anyone could read who deleted a comment or whose comment the instructor hid.
 */
function toComment(row: CommentRow, blank = false): Comment {
  return {
    _id: String(row.id),
    postId: String(row.postId),
    parentCommentId: row.parentId === null ? null : String(row.parentId),
    replyTo: blank ? null : toReplyTo(row),
    authorWallet: blank ? "" : row.authorWallet,
    authorName: blank ? "" : (row.authorName ?? (row.authorWallet || "Unknown")),
    authorPhoto: blank ? null : row.authorPhoto,
    text: blank || row.deleted ? "" : row.text,
    createdAt: row.createdAt.toISOString(),
    upvotes: blank ? 0 : row.upvotes,
    downvotes: blank ? 0 : row.downvotes,
    votes: blank ? {} : (row.votes ?? {}),
    hidden: row.hidden,
    deleted: row.deleted,
  };
}

/**
 * Whom a reply to a reply answers, named as `authorName` is. A reply since deleted or hidden is named by no one
 * (""): the page says only that it answers a removed comment, as it shows the placeholder of one.
 */
function toReplyTo(row: CommentRow): CommentReplyTo | null {
  if (row.replyToId === null || row.replyToWallet === null) return null;
  const removed = row.replyToRemoved !== false;
  return {
    _id: String(row.replyToId),
    authorName: removed ? "" : (row.replyToName ?? (row.replyToWallet || "Unknown")),
  };
}

function selectComments(db: Db, where: SQL | undefined) {
  return db
    .select(commentColumns)
    .from(comments)
    .leftJoin(profiles, eq(profiles.wallet, comments.authorWallet))
    .leftJoin(replyTarget, eq(replyTarget.id, comments.replyToId))
    .leftJoin(replyTargetProfile, eq(replyTargetProfile.wallet, replyTarget.authorWallet))
    .where(where);
}

/** The post, visible, with its count of visible comments; else 404. */
async function requireVisiblePost(db: Db, postId: number): Promise<{ commentCount: number }> {
  const [post] = await db
    .select({ commentCount: posts.commentCount })
    .from(posts)
    .where(and(eq(posts.id, postId), eq(posts.hidden, false)));
  if (!post) throw notFound(messages.post.notFound);
  return post;
}

/** A reply of the thread whose visibility decides whether a removed top-level comment stays as its placeholder. */
const visibleReply = alias(comments, "visible_reply");

/**
 * A visible post's comments, oldest first. Hidden and deleted comments are left out, except a top-level one
 * that still has visible replies: it stays as a blanked placeholder so the replies keep their thread.
 */
export async function listComments(db: Db, postIdText: string): Promise<Comment[]> {
  const postId = Number(postIdText);
  await requireVisiblePost(db, postId);
  // Only the rows shown are read, so that no number of removed comments pushes a visible one out of the list.
  const rows = await selectComments(
    db,
    and(
      eq(comments.postId, postId),
      or(
        and(eq(comments.hidden, false), eq(comments.deleted, false)),
        and(
          isNull(comments.parentId),
          exists(
            db
              .select({ id: visibleReply.id })
              .from(visibleReply)
              .where(
                and(
                  eq(visibleReply.parentId, comments.id),
                  eq(visibleReply.hidden, false),
                  eq(visibleReply.deleted, false),
                ),
              ),
          ),
        ),
      ),
    ),
  )
    .orderBy(asc(comments.id))
    .limit(MAX_LISTED_PER_POST);
  const shown = (row: CommentRow) => !row.hidden && !row.deleted;
  const parentsWithReplies = new Set(rows.filter((r) => r.parentId !== null && shown(r)).map((r) => r.parentId));
  return rows
    .filter((row) => shown(row) || (row.parentId === null && parentsWithReplies.has(row.id)))
    .map((row) => toComment(row, !shown(row)));
}

async function readComment(db: Db, id: number): Promise<Comment> {
  const [row] = await selectComments(db, eq(comments.id, id));
  if (!row) throw notFound(messages.comment.notFound);
  return toComment(row);
}

/**
 * Writes a comment or a reply after its checks: a profile (not archived), 1–1000 characters, a visible post,
 * and for a reply a visible comment on the same post. Every failing form check is reported at once. The same
 * text from the same author to the same post, thread and reply answered again within the double submit window
 * (db/double-submit.ts) is the comment already written (not one its author deleted, whose text is erased):
 * `created` is false, and nothing is to be announced.
 */
export async function createComment(
  db: Db,
  input: { postId: string; parentCommentId?: string | null; authorWallet: `0x${string}`; text: string },
): Promise<{ comment: Comment; created: boolean }> {
  const postId = Number(input.postId);
  const [profile] = await db
    .select({ archived: profiles.archived })
    .from(profiles)
    .where(eq(profiles.wallet, input.authorWallet));
  const errors: string[] = [];
  if (!profile || profile.archived) errors.push(messages.comment.profile);
  const text = commentTextSchema.safeParse(input.text);
  if (!text.success) errors.push(...text.error.issues.map((i) => i.message));
  if (errors.length > 0 || !text.success) throw validationFailed(errors);

  await requireVisiblePost(db, postId);
  let parentId: number | null = null;
  let replyToId: number | null = null;
  if (input.parentCommentId) {
    const [parent] = await db
      .select({ id: comments.id, parentId: comments.parentId })
      .from(comments)
      .where(
        and(
          eq(comments.id, Number(input.parentCommentId)),
          eq(comments.postId, postId),
          eq(comments.hidden, false),
          eq(comments.deleted, false),
        ),
      );
    if (!parent) throw notFound(messages.comment.parentNotFound);
    // One level of replies: answering a reply joins the thread of the comment it answers, which must be
    // there to answer too (a reply to a reply used to land under a comment the admin had hidden).
    parentId = parent.parentId ?? parent.id;
    if (parent.parentId !== null) {
      // Kept so the page can say whom it answers, and so "Thanks!" to two replies of a thread is two replies.
      replyToId = parent.id;
      const [thread] = await db
        .select({ id: comments.id })
        .from(comments)
        .where(and(eq(comments.id, parent.parentId), eq(comments.hidden, false), eq(comments.deleted, false)));
      if (!thread) throw notFound(messages.comment.parentNotFound);
    }
  }
  const { row, created } = await createOnce(
    db,
    input.authorWallet,
    async (tx) =>
      (
        await tx
          .select({ id: comments.id })
          .from(comments)
          .where(
            and(
              eq(comments.postId, postId),
              parentId === null ? isNull(comments.parentId) : eq(comments.parentId, parentId),
              replyToId === null ? isNull(comments.replyToId) : eq(comments.replyToId, replyToId),
              eq(comments.authorWallet, input.authorWallet),
              eq(comments.text, text.data),
              // One the instructor hid meanwhile is not answered as if just posted (a new one is, as before).
              eq(comments.hidden, false),
              submittedJustNow(comments.createdAt),
            ),
          )
          .orderBy(desc(comments.id))
          .limit(1)
      )[0],
    async (tx) => {
      // After the double submit's check (a retry of the last comment answers it). Read without a lock: comments
      // by others at the same moment may pass together, a few over the most, which the list still shows.
      const { commentCount } = await requireVisiblePost(tx, postId);
      if (commentCount >= MAX_COMMENTS_PER_POST) throw conflict(messages.comment.full(MAX_COMMENTS_PER_POST));
      return (
        await tx
          .insert(comments)
          .values({ postId, parentId, replyToId, authorWallet: input.authorWallet, text: text.data })
          .returning({ id: comments.id })
      )[0]!;
    },
  );
  return { comment: await readComment(db, row.id), created };
}

/**
 * Records the wallet's vote on a comment (the same option again keeps it, the other switches it) and
 * recounts, with the comment row locked so concurrent votes run one after another.
 */
export async function voteComment(
  db: Db,
  input: { commentId: string; type: VoteType; voterWallet: `0x${string}` },
  /** The configured whitelist mode while the admin has not set it (`config.whitelistModeDefault`). */
  whitelistModeDefault = false,
): Promise<Comment> {
  const commentId = Number(input.commentId);
  await requireVoterInClass(db, input.voterWallet, whitelistModeDefault);
  return db.transaction(async (tx) => {
    const [comment] = await tx
      .select({ id: comments.id })
      .from(comments)
      .where(
        and(
          eq(comments.id, commentId),
          eq(comments.hidden, false),
          eq(comments.deleted, false),
          sql`exists (select 1 from ${posts} where ${posts.id} = ${comments.postId} and not ${posts.hidden})`,
        ),
      )
      .for("update");
    if (!comment) throw notFound(messages.comment.notFound);
    await tx
      .insert(commentVotes)
      .values({ commentId, wallet: input.voterWallet, type: input.type })
      .onConflictDoUpdate({
        target: [commentVotes.commentId, commentVotes.wallet],
        set: { type: input.type, updatedAt: sql`now()` },
        setWhere: sql`${commentVotes.type} <> excluded.type`,
      });
    const count = (type: VoteType) =>
      sql`(select count(*)::int from ${commentVotes} where ${commentVotes.commentId} = ${commentId} and ${commentVotes.type} = ${type})`;
    await tx
      .update(comments)
      .set({ upvotes: count("up"), downvotes: count("down") })
      .where(eq(comments.id, commentId));
    return readComment(tx, commentId);
  });
}

/**
 * Removes the notifications the comment caused (features/notifications: a comment or reply quotes its words to
 * the post's and the answered comment's authors); returns whose they were. A deleted comment's text is erased,
 * and a hidden one's taken off the forum: the copies in others' notifications stayed, for good.
 */
async function forgetNotificationsOf(db: Db, commentId: number): Promise<string[]> {
  const removed = await db
    .delete(notifications)
    .where(eq(notifications.dedupeKey, `comment:${commentId}`))
    .returning({ wallet: notifications.wallet });
  return [...new Set(removed.map((r) => r.wallet))];
}

/**
 * Deletes the author's own comment: its text is erased, and the notifications quoting it removed (`told`:
 * whose); the row stays as a placeholder for its replies.
 */
export async function deleteComment(
  db: Db,
  input: { commentId: string; authorWallet: `0x${string}` },
): Promise<{ told: string[] }> {
  const id = Number(input.commentId);
  return db.transaction(async (tx) => {
    const [comment] = await tx
      .select({ authorWallet: comments.authorWallet })
      .from(comments)
      .where(and(eq(comments.id, id), eq(comments.deleted, false)))
      .for("update");
    if (!comment) throw notFound(messages.comment.notFound);
    if (comment.authorWallet !== input.authorWallet) throw forbidden(messages.comment.notYours);
    await tx.update(comments).set({ deleted: true, text: "" }).where(eq(comments.id, id));
    return { told: await forgetNotificationsOf(tx, id) };
  });
}

// ---- admin ----

const adminColumns = {
  ...commentColumns,
  postContent: sql<string>`left(${posts.content}, ${POST_EXCERPT_CHARS})`,
};

function selectAdminComments(db: Db, where: SQL | undefined) {
  return db
    .select(adminColumns)
    .from(comments)
    .innerJoin(posts, eq(posts.id, comments.postId))
    .leftJoin(profiles, eq(profiles.wallet, comments.authorWallet))
    .leftJoin(replyTarget, eq(replyTarget.id, comments.replyToId))
    .leftJoin(replyTargetProfile, eq(replyTargetProfile.wallet, replyTarget.authorWallet))
    .where(where)
    .orderBy(desc(comments.id));
}

const toAdminComment = (row: CommentRow & { postContent: string }): AdminComment => ({
  ...toComment(row),
  postContent: row.postContent,
});

/** Every comment for the admin, hidden and deleted ones too, newest first. */
export async function listAllComments(db: Db): Promise<AdminComment[]> {
  return (await selectAdminComments(db, undefined)).map(toAdminComment);
}

/**
 * Moderation: a hidden comment leaves the forum (its replies stay, under a placeholder), and the notifications
 * quoting it go (`told`: whose; shown again, they do not come back); the admin still lists it. `changed` is
 * false when it was already so: nothing to announce, its author is not told twice.
 */
export async function setCommentHidden(
  db: Db,
  grant: AdminGrant,
  input: { commentId: string; hide: boolean },
): Promise<{ comment: AdminComment; changed: boolean; told: string[] }> {
  const id = Number(input.commentId);
  return db.transaction(async (tx) => {
    await grant.consume(tx);
    const updated = await tx
      .update(comments)
      .set({ hidden: input.hide })
      .where(and(eq(comments.id, id), ne(comments.hidden, input.hide)))
      .returning({ id: comments.id });
    const [row] = await selectAdminComments(tx, eq(comments.id, id));
    if (!row) throw notFound(messages.comment.notFound);
    const told = input.hide ? await forgetNotificationsOf(tx, id) : [];
    return { comment: toAdminComment(row), changed: updated.length > 0, told };
  });
}
