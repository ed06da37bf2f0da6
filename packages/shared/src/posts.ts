/** Forum requests (spec §5 "Post", "Vote", §7): the server's schemas and the composer's own checks. */
import { z } from "zod";
import { MIN_BALANCE_TO_PARTICIPATE, POST_COUNTER_WARNING_ABOVE, POST_MAX_LENGTH } from "./constants";
import { voteTypeSchema } from "./entities";
import { messages } from "./messages";
import { listPageQuerySchema } from "./paging";
import { idSchema, walletSchema } from "./primitives";
import { textLength } from "./text";

/** Post text as the composer and the server check it: trimmed, 1–2000 code points (text.ts). */
export const postContentSchema = z
  .string()
  .trim()
  .min(1, messages.post.empty)
  .refine((content) => textLength(content) <= POST_MAX_LENGTH, messages.post.tooLong);

/** The composer's counter: code points typed, as the check above counts them, and whether to warn. */
export function postCounter(content: string): { text: string; warning: boolean } {
  const used = textLength(content);
  return { text: `${used}/${POST_MAX_LENGTH}`, warning: used > POST_COUNTER_WARNING_ABOVE };
}

/**
 * `content` is only bounded here so an oversized body is refused early; its spec messages come from
 * `postContentSchema`, checked together with the profile and balance gates so the caller sees them all.
 */
export const createPostBodySchema = z.object({
  authorWallet: walletSchema,
  content: z.string().max(100_000, messages.post.tooLong),
});

export const votePostBodySchema = z.object({
  postId: idSchema,
  type: voteTypeSchema,
  voterWallet: walletSchema,
});

/**
 * Visible posts, newest first, paged as the other lists are (paging.ts): without `limit` every one, as the
 * spec's client expects (a default page of 50 left older posts out of reach on /forum); `before` is the
 * `_id` of the last post already shown.
 */
export const listPostsQuerySchema = listPageQuerySchema;

export interface PostComposerState {
  connected: boolean;
  hasProfile: boolean;
  /** Whole CC of the connected wallet, or undefined while unknown. */
  balance: number | undefined;
  content: string;
}

/** The spec's post checks in its order (§5 "Post"); empty when the post may be sent. */
export function validatePostInput(state: PostComposerState): string[] {
  if (!state.connected) return [messages.post.connect];
  const errors: string[] = [];
  if (!state.hasProfile) errors.push(messages.post.profile);
  if (state.balance === undefined || state.balance < MIN_BALANCE_TO_PARTICIPATE) errors.push(messages.post.balance);
  const content = postContentSchema.safeParse(state.content);
  if (!content.success) errors.push(...content.error.issues.map((i) => i.message));
  return errors;
}
