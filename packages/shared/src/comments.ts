/**
 * Forum comments (issue 18): a post's comments with one level of replies, their votes (one per wallet, as
 * posts), deleting one's own, and the admin hiding one. Shared by the API and the web app.
 */
import { z } from "zod";
import { COMMENT_MAX_LENGTH } from "./constants";
import { voteTypeSchema } from "./entities";
import { messages } from "./messages";
import { booleanish, idSchema, walletSchema } from "./primitives";
import { textLength } from "./text";

/**
 * The reply a reply to a reply answers. `authorName` is the current profile name of its author, or "" when
 * that reply was deleted or hidden since (the public list then names no one, as its placeholders do).
 */
export const commentReplyToSchema = z.object({ _id: z.string(), authorName: z.string() });
export type CommentReplyTo = z.infer<typeof commentReplyToSchema>;

/**
 * A comment as the API returns it. `parentCommentId` is null for a comment on the post, else the id of the
 * top-level comment it replies to (replies never nest deeper). `replyTo` is the reply it answers when it is a
 * reply to a reply (same thread), else null: for a comment on the post, a direct reply to the thread's comment,
 * and replies written before their target was kept. A deleted or hidden comment is only listed publicly when
 * it still has visible replies, and then with its text blanked.
 */
export const commentSchema = z.object({
  _id: z.string(),
  postId: z.string(),
  parentCommentId: z.string().nullable(),
  replyTo: commentReplyToSchema.nullable(),
  authorWallet: z.string(),
  authorName: z.string(),
  authorPhoto: z.string().nullable(),
  text: z.string(),
  createdAt: z.string(),
  upvotes: z.number(),
  downvotes: z.number(),
  votes: z.record(z.string(), voteTypeSchema),
  hidden: z.boolean(),
  deleted: z.boolean(),
});
export type Comment = z.infer<typeof commentSchema>;

/** The admin's list: every comment, with the start of the post it is on. */
export const adminCommentSchema = commentSchema.extend({ postContent: z.string() });
export type AdminComment = z.infer<typeof adminCommentSchema>;

/** Comment text as the form and the server check it: trimmed, 1–1000 code points (text.ts). */
export const commentTextSchema = z
  .string()
  .trim()
  .min(1, messages.comment.empty)
  .refine((text) => textLength(text) <= COMMENT_MAX_LENGTH, messages.comment.tooLong);

export const postCommentsParamsSchema = z.object({ postId: idSchema });

/**
 * `text` is only bounded here so an oversized body is refused early; its messages come from
 * `commentTextSchema`, checked together with the profile rule so the caller sees every failed rule.
 */
export const createCommentBodySchema = z.object({
  postId: idSchema,
  parentCommentId: idSchema.nullish(),
  authorWallet: walletSchema,
  text: z.string().max(20_000, messages.comment.tooLong),
});

export const voteCommentBodySchema = z.object({
  commentId: idSchema,
  type: voteTypeSchema,
  voterWallet: walletSchema,
});

export const deleteCommentBodySchema = z.object({
  commentId: idSchema,
  authorWallet: walletSchema,
});

/** Admin: hide or show a comment (the extras of its signed message). */
export const hideCommentSchema = z.object({
  commentId: idSchema,
  hide: booleanish,
});

/** The form's own checks, in the order the server reports them; empty when the comment may be sent. */
export function validateCommentInput(state: { connected: boolean; hasProfile: boolean; text: string }): string[] {
  if (!state.connected) return [messages.comment.connect];
  const errors: string[] = [];
  if (!state.hasProfile) errors.push(messages.comment.profile);
  const text = commentTextSchema.safeParse(state.text);
  if (!text.success) errors.push(...text.error.issues.map((i) => i.message));
  return errors;
}

/** A post's comments as a thread: each top-level comment (oldest first) with its replies (oldest first). */
export function threadComments(comments: readonly Comment[]): { comment: Comment; replies: Comment[] }[] {
  const threads = new Map<string, { comment: Comment; replies: Comment[] }>();
  for (const comment of comments) {
    if (comment.parentCommentId === null) threads.set(comment._id, { comment, replies: [] });
  }
  for (const comment of comments) {
    if (comment.parentCommentId !== null) threads.get(comment.parentCommentId)?.replies.push(comment);
  }
  return [...threads.values()];
}
