/**
 * Reading predictions with the names and titles they show, shared by the live rounds (`service.ts`) and the
 * semester archives, which keep them as the live page showed them.
 */
import { messages } from "@classcoin/shared/messages";
import type { Prediction } from "@classcoin/shared/predictions";
import { and, asc, eq } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Db, Tx } from "../../db/client";
import { predictions, profiles, projects } from "../../db/schema";

const predictor = alias(profiles, "predictor");
const predicted = alias(profiles, "predicted");

/** Predictions with their names and titles, oldest first: of one round (and one predictor), or every one. */
export async function readPredictions(db: Db | Tx, projectNumber?: number, wallet?: string) {
  const where = and(
    projectNumber === undefined ? undefined : eq(predictions.projectNumber, projectNumber),
    wallet === undefined ? undefined : eq(predictions.predictorWallet, wallet),
  );
  return db
    .select({
      id: predictions.id,
      projectNumber: predictions.projectNumber,
      predictorWallet: predictions.predictorWallet,
      predictorName: predictor.name,
      projectId: predictions.projectId,
      predictedTitle: projects.title,
      predictedArchived: projects.archived,
      predictedWallet: projects.authorWallet,
      predictedName: predicted.name,
      createdAt: predictions.createdAt,
    })
    .from(predictions)
    .innerJoin(projects, eq(projects.id, predictions.projectId))
    .leftJoin(predictor, eq(predictor.wallet, predictions.predictorWallet))
    .leftJoin(predicted, eq(predicted.wallet, projects.authorWallet))
    .where(where)
    .orderBy(asc(predictions.id));
}

type PredictionRow = Awaited<ReturnType<typeof readPredictions>>[number];

/**
 * `winners` null: the round has no result yet, so `correct` is null. A submission the instructor archived is
 * named by `messages.prediction.removedSubmission` (archiving takes it off every public page; the results kept
 * its title for good), unless `reveal` (the admin's view).
 */
export function toPrediction(row: PredictionRow, winners: string[] | null, reveal = false): Prediction {
  return {
    _id: String(row.id),
    projectNumber: row.projectNumber,
    predictorWallet: row.predictorWallet,
    predictorName: row.predictorName ?? row.predictorWallet,
    projectId: String(row.projectId),
    predictedTitle: row.predictedArchived && !reveal ? messages.prediction.removedSubmission : row.predictedTitle,
    predictedWallet: row.predictedWallet,
    predictedName: row.predictedName ?? row.predictedWallet,
    createdAt: row.createdAt.toISOString(),
    correct: winners === null ? null : winners.includes(String(row.projectId)),
  };
}
