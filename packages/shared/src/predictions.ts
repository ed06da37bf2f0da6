/**
 * Predictions (issue 18): for projects 2–4, each student with a profile predicts once which classmate's
 * submission will receive the most CC (never their own; locked once made). The admin opens and closes
 * predictions per project; once closed, everyone sees every prediction and who was right.
 */
import { z } from "zod";
import { messages } from "./messages";
import { booleanish, idSchema, walletSchema, wholeNumber } from "./primitives";

export const PREDICTION_PROJECTS = [2, 3, 4] as const;

/** `not_open`: never opened; `open`: taking predictions; `closed`: opened before, now closed (results shown). */
export const predictionStatusSchema = z.enum(["not_open", "open", "closed"]);
export type PredictionStatus = z.infer<typeof predictionStatusSchema>;

export const predictionProjectSchema = wholeNumber(messages.prediction.projects).refine(
  (n) => (PREDICTION_PROJECTS as readonly number[]).includes(n),
  messages.prediction.projects,
);

export const predictionParamsSchema = z.object({ projectNumber: predictionProjectSchema });

/**
 * A submission one may predict (or did): the project's active submissions. Once the round is closed, the
 * submissions it ranked when it closed, with the CC each had received then (tips after the close not counted).
 */
export const predictionCandidateSchema = z.object({
  projectId: z.string(),
  title: z.string(),
  image: z.string(),
  authorWallet: z.string(),
  authorName: z.string(),
  totalReceived: z.number(),
});
export type PredictionCandidate = z.infer<typeof predictionCandidateSchema>;

export const predictionSchema = z.object({
  _id: z.string(),
  projectNumber: z.number(),
  predictorWallet: z.string(),
  predictorName: z.string(),
  projectId: z.string(),
  predictedTitle: z.string(),
  predictedWallet: z.string(),
  predictedName: z.string(),
  createdAt: z.string(),
  /** Only once the round is closed: whether the predicted submission received the most (ties count). */
  correct: z.boolean().nullable(),
});
export type Prediction = z.infer<typeof predictionSchema>;

export const predictionRoundSchema = z.object({
  projectNumber: z.number(),
  status: predictionStatusSchema,
  /** How many predictions were made (always shown). */
  count: z.number().int().nonnegative(),
  candidates: z.array(predictionCandidateSchema),
  /** The caller's own prediction (with a wallet session), else null. */
  mine: predictionSchema.nullable(),
  /** Every prediction: only once closed (empty before, so nobody copies the others). */
  predictions: z.array(predictionSchema),
  /** Once closed: the submission(s) that had received the most CC when it closed (ties all win). */
  winners: z.array(z.string()),
});
export type PredictionRound = z.infer<typeof predictionRoundSchema>;

export const makePredictionBodySchema = z.object({
  projectNumber: predictionProjectSchema,
  predictorWallet: walletSchema,
  projectId: idSchema,
});

/** Admin: open or close predictions for a project (the extras of its signed message). */
export const setPredictionRoundSchema = z.object({ projectNumber: predictionProjectSchema, open: booleanish });

export const adminPredictionRoundSchema = predictionRoundSchema.omit({ mine: true });
export type AdminPredictionRound = z.infer<typeof adminPredictionRoundSchema>;

/**
 * Who was right: the submissions that received the most CC (all of them on a tie; none when nothing was
 * received at all). One rule for the live round's close and for a semester's archive.
 */
export function winnersOf<T extends { totalReceived: number }>(list: T[]): T[] {
  const top = Math.max(0, ...list.map((c) => c.totalReceived));
  return top > 0 ? list.filter((c) => c.totalReceived === top) : [];
}
