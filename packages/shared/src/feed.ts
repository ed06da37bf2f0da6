/**
 * The Feed (issue 18): students with a profile share up to 4 images with optional text, anonymously. The
 * public list never carries the author's wallet or name; a signed-in author sees their own posts marked
 * `mine`; the admin sees every author and hides or shows posts. Shared by the API and the web app.
 */
import { z } from "zod";
import { ALLOWED_IMAGE_TYPES, MAX_UPLOAD_BYTES } from "./constants";
import { messages } from "./messages";
import { booleanish, idSchema, walletSchema, wholeNumber } from "./primitives";
import { storable, textLength } from "./text";

export const FEED_MAX_IMAGES = 4;
export const FEED_TEXT_MAX_LENGTH = 500;
const FEED_DEFAULT_PAGE_SIZE = 12;
const FEED_MAX_PAGE_SIZE = 50;

/** A post as everyone sees it: no author. `mine` is true only for the signed-in author's own posts. */
export const feedPostSchema = z.object({
  _id: z.string(),
  text: z.string(),
  images: z.array(z.string()),
  createdAt: z.string(),
  mine: z.boolean(),
});
export type FeedPost = z.infer<typeof feedPostSchema>;

export const feedPageSchema = z.object({
  posts: z.array(feedPostSchema),
  /** Pass as `before` for the next (older) page; null at the end. */
  nextCursor: z.string().nullable(),
});
export type FeedPage = z.infer<typeof feedPageSchema>;

/** The admin's view: who posted, and whether the post is hidden. */
export const adminFeedPostSchema = feedPostSchema.omit({ mine: true }).extend({
  authorWallet: z.string(),
  authorName: z.string(),
  authorPhoto: z.string().nullable(),
  hidden: z.boolean(),
});
export type AdminFeedPost = z.infer<typeof adminFeedPostSchema>;

export const listFeedQuerySchema = z.object({
  limit: wholeNumber(`limit must be a whole number from 1 to ${FEED_MAX_PAGE_SIZE}`, 1, FEED_MAX_PAGE_SIZE).default(
    FEED_DEFAULT_PAGE_SIZE,
  ),
  before: idSchema.optional(),
});

export const feedTextSchema = z
  .string()
  .trim()
  .refine((text) => textLength(text) <= FEED_TEXT_MAX_LENGTH, messages.feed.textTooLong)
  // Refused here, before the post's images are stored, rather than by the database's insert after them.
  .refine(storable, messages.input.unstorableText);

/** The form's text fields (the images are its file parts). */
export const createFeedFieldsSchema = z.object({
  authorWallet: walletSchema,
  text: z.string().max(20_000, messages.feed.textTooLong).optional().default(""),
});

export const feedImageParamsSchema = z.object({ file: z.string().max(200) });

export const hideFeedPostSchema = z.object({ feedPostId: idSchema, hide: booleanish });

/** The form's own checks (the server re-checks every image's bytes); empty when the post may be sent. */
export function validateFeedInput(state: {
  connected: boolean;
  hasProfile: boolean;
  text: string;
  files: readonly { type: string; size: number }[];
}): string[] {
  if (!state.connected) return [messages.feed.connect];
  const errors: string[] = [];
  if (!state.hasProfile) errors.push(messages.feed.profile);
  if (state.files.length === 0) errors.push(messages.feed.images);
  if (state.files.length > FEED_MAX_IMAGES) errors.push(messages.feed.tooManyImages);
  for (const file of state.files) {
    if (!file.type.startsWith("image/")) errors.push(messages.photo.notImage);
    else if (!(ALLOWED_IMAGE_TYPES as readonly string[]).includes(file.type)) errors.push(messages.photo.badType);
    if (file.size > MAX_UPLOAD_BYTES) errors.push(messages.photo.tooLarge);
  }
  const text = feedTextSchema.safeParse(state.text);
  if (!text.success) errors.push(...text.error.issues.map((issue) => issue.message));
  return [...new Set(errors)];
}
