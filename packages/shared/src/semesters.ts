/**
 * Semesters (issue 18): the admin archives the class into a read-only snapshot (profiles, project submissions
 * with their images, visible posts with their comments, the explorer's transactions, bounties, predictions and
 * the leaderboard), then starts a new semester, which clears the class but keeps bounties (and the whitelist,
 * unless asked). Nothing on chain is touched; the live explorer shows the new semester from its start block.
 * Archives are browsed at `/archive` and `/archive/:id`, readable after the profiles are gone.
 *
 * Image fields (`photo`, `image`) are stored image file names, as on the live pages: archived images stay
 * stored and are served by the same image routes (`/api/profiles/photo/:file`, `/api/projects/image/:file`).
 */
import { z } from "zod";
import { adminSuccessSchema } from "./admin";
import { commentReplyToSchema } from "./comments";
import { bountySchema, explorerPageSchema, projectSchema } from "./entities";
import { leaderboardSchema } from "./leaderboard";
import { messages } from "./messages";
import { predictionSchema, predictionStatusSchema } from "./predictions";
import { booleanish, idSchema, walletSchema, wholeNumber } from "./primitives";
import { textLength } from "./text";

export const ARCHIVE_NAME_MAX_LENGTH = 80;
const ARCHIVE_MAX_PAGE_SIZE = 100;

/** An archive's name: trimmed, 1–80 code points (text.ts). */
export const archiveNameSchema = z
  .string({ error: messages.semester.nameRequired })
  .trim()
  .min(1, messages.semester.nameRequired)
  .refine((name) => textLength(name) <= ARCHIVE_NAME_MAX_LENGTH, messages.semester.nameTooLong);

/** The current semester: from which block (and when) the live pages count. */
export const semesterSchema = z.object({
  /** The name it was archived under, or null until it is archived. */
  name: z.string().nullable(),
  /** The first block of the semester: the live explorer shows transfers from this block on. */
  startBlock: z.number().int().nonnegative(),
  startedAt: z.string(),
});
export type Semester = z.infer<typeof semesterSchema>;

/** What an archive holds (or would hold, in the preview). */
export const archiveCountsSchema = z.object({
  profiles: z.number().int().nonnegative(),
  /** Profiles with a photo. */
  photos: z.number().int().nonnegative(),
  projectSubmissions: z.number().int().nonnegative(),
  /** Distinct images of the project submissions. */
  projectImages: z.number().int().nonnegative(),
  posts: z.number().int().nonnegative(),
  comments: z.number().int().nonnegative(),
  transactions: z.number().int().nonnegative(),
  bounties: z.number().int().nonnegative(),
  predictions: z.number().int().nonnegative(),
});
export type ArchiveCounts = z.infer<typeof archiveCountsSchema>;

/** Admin preview: the current semester and what "Archive semester" would capture now. */
export const semesterPreviewSchema = z.object({
  semester: semesterSchema,
  counts: archiveCountsSchema,
  /** Whether this semester was archived (so "Start new semester" may clear it). */
  archivedSinceStart: z.boolean(),
  /**
   * This semester's archive, once archived. "Archive semester" and "Start new semester" write it again from the
   * live class, so nothing is taken out of it by hand: hide it on the live pages, then archive again.
   */
  archiveId: z.string().nullable(),
  /** Whether there is anything a new semester would clear (profiles except the admin's, posts, …). */
  hasClassData: z.boolean(),
});
export type SemesterPreview = z.infer<typeof semesterPreviewSchema>;

/** One archive as listed at `/archive`. */
export const archiveSummarySchema = z.object({
  _id: z.string(),
  name: z.string(),
  createdAt: z.string(),
  /** When the archived semester started. */
  startedAt: z.string(),
  /** The archived transfers' block range (the semester's start block, the last block indexed at archiving). */
  startBlock: z.number().int().nonnegative(),
  endBlock: z.number().int().nonnegative(),
  counts: archiveCountsSchema,
});
export type ArchiveSummary = z.infer<typeof archiveSummarySchema>;

export const archivedProfileSchema = z.object({
  wallet: z.string(),
  name: z.string(),
  bio: z.string().nullable(),
  /** Stored photo file name, served by `/api/profiles/photo/:file`. */
  photo: z.string().nullable(),
  starSign: z.string(),
  createdAt: z.string(),
});
export type ArchivedProfile = z.infer<typeof archivedProfileSchema>;

/** A project submission as archived (`image` served by `/api/projects/image/:file`). */
export const archivedProjectSchema = projectSchema.omit({ archived: true });
export type ArchivedProject = z.infer<typeof archivedProjectSchema>;

export const archivedCommentSchema = z.object({
  _id: z.string(),
  parentCommentId: z.string().nullable(),
  /**
   * Whom a reply to a reply answers, as on the live forum (`authorName` "" when that reply was removed); absent
   * in archives written before it was kept.
   */
  replyTo: commentReplyToSchema.nullable().optional(),
  authorWallet: z.string(),
  authorName: z.string(),
  authorPhoto: z.string().nullable(),
  text: z.string(),
  createdAt: z.string(),
  upvotes: z.number(),
  downvotes: z.number(),
  /**
   * A comment removed (by its author or the admin) that still had replies shown: kept as a blank placeholder
   * for them, as the live forum shows it. Absent in archives written before.
   */
  removed: z.enum(["deleted", "hidden"]).optional(),
});
export type ArchivedComment = z.infer<typeof archivedCommentSchema>;

/** A visible post with its visible comments, each with its visible replies (one level). */
export const archivedPostSchema = z.object({
  _id: z.string(),
  authorWallet: z.string(),
  authorName: z.string(),
  authorPhoto: z.string().nullable(),
  content: z.string(),
  createdAt: z.string(),
  upvotes: z.number(),
  downvotes: z.number(),
  comments: z.array(archivedCommentSchema.extend({ replies: z.array(archivedCommentSchema) })),
});
export type ArchivedPost = z.infer<typeof archivedPostSchema>;

/** A project's predictions as archived: every prediction, with who was right (`correct`). */
export const archivedPredictionRoundSchema = z.object({
  projectNumber: z.number(),
  status: predictionStatusSchema,
  predictions: z.array(predictionSchema),
  /** The submission(s) that had received the most CC when archived. */
  winners: z.array(z.string()),
  /**
   * True when the round was open and its predictions were left out (private until it closes: an archive taken
   * while the class goes on); absent in the final archive of a semester and in archives written before.
   */
  withheld: z.boolean().optional(),
});
export type ArchivedPredictionRound = z.infer<typeof archivedPredictionRoundSchema>;

/** One archive, browsed read-only at `/archive/:id` (its transactions are paged separately). */
export const archiveSchema = archiveSummarySchema.extend({
  profiles: z.array(archivedProfileSchema),
  projects: z.array(archivedProjectSchema),
  posts: z.array(archivedPostSchema),
  bounties: z.array(bountySchema),
  predictions: z.array(archivedPredictionRoundSchema),
  leaderboard: leaderboardSchema,
});
export type Archive = z.infer<typeof archiveSchema>;

export const archiveParamsSchema = z.object({ archiveId: idSchema });

const blankToUndefined = (value: unknown) => (value === "" ? undefined : value);

/** `?page=&limit=` of an archive's transactions (the explorer's paging: 25 a page unless asked). */
export const archiveTransactionsQuerySchema = z.object({
  page: z.preprocess(
    blankToUndefined,
    wholeNumber("page must be a whole number from 1 to 1000000000", 1, 1_000_000_000).optional(),
  ),
  limit: z.preprocess(
    blankToUndefined,
    wholeNumber(`limit must be a whole number from 1 to ${ARCHIVE_MAX_PAGE_SIZE}`, 1, ARCHIVE_MAX_PAGE_SIZE).optional(),
  ),
});

/** The archived explorer rows, newest first, in the live explorer's shape ("page x of y"). */
export const archiveTransactionsPageSchema = explorerPageSchema;

// ---- admin calls (the extras of their signed messages) ----

export const archiveSemesterSchema = z.object({ name: archiveNameSchema });
export const startSemesterSchema = z.object({ clearWhitelist: booleanish });

export const archiveSemesterResponseSchema = adminSuccessSchema.extend({ archive: archiveSummarySchema });

/**
 * What the instructor can take out of an archive after it was written (an insult that slipped through, a
 * student who asks to be removed): a post with its comments, a comment with its replies, a submission, or a
 * student (their profile, posts, comments, submissions and predictions, and their name and photo wherever the
 * archive shows them; the explorer shows their wallet instead).
 */
export const ARCHIVE_REMOVAL_KINDS = ["post", "comment", "submission", "student"] as const;
export type ArchiveRemovalKind = (typeof ARCHIVE_REMOVAL_KINDS)[number];

export const removeFromArchiveSchema = z.object({
  archiveId: idSchema,
  kind: z.enum(ARCHIVE_REMOVAL_KINDS, { error: `Kind must be one of: ${ARCHIVE_REMOVAL_KINDS.join(", ")}` }),
  /** The post's, comment's or submission's `_id`; a student's wallet. */
  target: z.union([walletSchema, idSchema], {
    error: "Target must be an id (a post, comment or submission) or a wallet address (a student)",
  }),
});
export type RemoveFromArchive = z.output<typeof removeFromArchiveSchema>;

export const removeFromArchiveResponseSchema = adminSuccessSchema.extend({ archive: archiveSummarySchema });

/** What "Start new semester" cleared. */
export const semesterClearedSchema = z.object({
  profiles: z.number().int().nonnegative(),
  posts: z.number().int().nonnegative(),
  comments: z.number().int().nonnegative(),
  projects: z.number().int().nonnegative(),
  tips: z.number().int().nonnegative(),
  predictions: z.number().int().nonnegative(),
  feedPosts: z.number().int().nonnegative(),
  notifications: z.number().int().nonnegative(),
  /** Live explorer rows moved out of the live explorer (they are in the archive). */
  transactions: z.number().int().nonnegative(),
  whitelist: z.number().int().nonnegative(),
});
export type SemesterCleared = z.infer<typeof semesterClearedSchema>;

export const startSemesterResponseSchema = adminSuccessSchema.extend({
  semester: semesterSchema,
  cleared: semesterClearedSchema,
});
