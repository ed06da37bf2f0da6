/**
 * Predictions (issue 18): per project 2–4 the admin opens and closes a round; while it is open each student
 * with a profile predicts once which classmate's submission will receive the most CC (never their own; the
 * unique key locks it). Others' predictions stay private until the round is closed; then everyone sees them
 * and who was right (the submissions with the most CC received, ties counting for all).
 *
 * The result is the one at the close: closing a round records, in the same transaction, every submission it
 * ranked with the CC received so far and the winners (`prediction_results`), and a closed round is answered
 * from that record alone, never from the live totals, which tips after the close keep raising (before: a
 * student could make their own closed prediction come true by tipping afterwards).
 */
import { messages } from "@classcoin/shared/messages";
import {
  type AdminPredictionRound,
  PREDICTION_PROJECTS,
  type Prediction,
  type PredictionCandidate,
  type PredictionRound,
  type PredictionStatus,
  winnersOf,
} from "@classcoin/shared/predictions";
import { and, asc, desc, eq } from "drizzle-orm";
import type { AdminGrant } from "../../auth/admin";
import type { Db, Tx } from "../../db/client";
import { predictionResults, predictionRounds, predictions, profiles, projects } from "../../db/schema";
import { conflict, forbidden, notFound, validationFailed } from "../../http-errors";
import { readPredictions, toPrediction } from "./read";

async function roundStatus(db: Db, projectNumber: number): Promise<PredictionStatus> {
  const [round] = await db.select().from(predictionRounds).where(eq(predictionRounds.projectNumber, projectNumber));
  if (round?.open) return "open";
  return round?.closedAt ? "closed" : "not_open";
}

/** What a candidate shows of its submission and author (its CC received comes from the live row or the record). */
const submissionColumns = {
  id: projects.id,
  title: projects.title,
  image: projects.image,
  authorWallet: projects.authorWallet,
  authorName: profiles.name,
};

/** The project's active submissions by active profiles, most CC received first. */
async function candidates(db: Db, projectNumber: number): Promise<PredictionCandidate[]> {
  const rows = await db
    .select({ ...submissionColumns, totalReceived: projects.totalReceived })
    .from(projects)
    .innerJoin(profiles, eq(profiles.wallet, projects.authorWallet))
    .where(and(eq(projects.projectNumber, projectNumber), eq(projects.archived, false), eq(profiles.archived, false)))
    .orderBy(desc(projects.totalReceived), asc(projects.id));
  return rows.map(toCandidate);
}

/** A submission row as a candidate; an author without a profile any more goes by their wallet. */
function toCandidate(r: {
  id: number;
  title: string;
  image: string;
  authorWallet: string;
  authorName: string | null;
  totalReceived: number;
}): PredictionCandidate {
  return {
    projectId: String(r.id),
    title: r.title,
    image: r.image,
    authorWallet: r.authorWallet,
    authorName: r.authorName ?? r.authorWallet,
    totalReceived: r.totalReceived,
  };
}

/**
 * A closed round's result as recorded at its close: the submissions it ranked with the CC each had received
 * then (most first), and the winners. Titles and names are read as they are now; a submission the instructor
 * has archived since shows no title or picture (`messages.prediction.removedSubmission`), unless `reveal` (the
 * admin's view): before, moderation left it on the public results for the rest of the semester.
 */
async function recordedResult(
  db: Db,
  projectNumber: number,
  reveal: boolean,
): Promise<{ candidates: PredictionCandidate[]; winners: string[] }> {
  const rows = await db
    .select({
      ...submissionColumns,
      archived: projects.archived,
      totalReceived: predictionResults.totalReceived,
      winner: predictionResults.winner,
    })
    .from(predictionResults)
    .innerJoin(projects, eq(projects.id, predictionResults.projectId))
    .leftJoin(profiles, eq(profiles.wallet, projects.authorWallet))
    .where(eq(predictionResults.projectNumber, projectNumber))
    .orderBy(desc(predictionResults.totalReceived), asc(projects.id));
  return {
    candidates: rows.map((r) =>
      toCandidate(r.archived && !reveal ? { ...r, title: messages.prediction.removedSubmission, image: "" } : r),
    ),
    winners: rows.filter((r) => r.winner).map((r) => String(r.id)),
  };
}

/**
 * Records the result of the round being closed, in the close's transaction: the same submissions the live
 * round ranks (active ones by active profiles) with their CC received and the winners.
 *
 * Their rows are share-locked as they are read. A tip raises its project's total with an UPDATE of that row
 * in its own transaction (features/tips; the indexer's undo lowers it the same way), so under READ COMMITTED
 * a tip lands wholly before or wholly after the close: one whose UPDATE is written but not committed makes
 * this read wait for its commit and then read the new total (counted); one whose UPDATE comes later waits
 * for the close to commit (not counted). Without the lock a tip committing between this read and the close's
 * commit would be in the totals everyone saw while the round was still open, yet not in its result.
 */
async function recordResult(tx: Tx, projectNumber: number): Promise<void> {
  const totals = await tx
    .select({ projectId: projects.id, totalReceived: projects.totalReceived })
    .from(projects)
    .innerJoin(profiles, eq(profiles.wallet, projects.authorWallet))
    .where(and(eq(projects.projectNumber, projectNumber), eq(projects.archived, false), eq(profiles.archived, false)))
    .for("share", { of: projects });
  const winners = new Set(winnersOf(totals).map((c) => c.projectId));
  // A closed round is never opened again this semester, so there is no earlier record to replace; should
  // reopening ever be allowed, a new close replaces the old record instead of mixing with it.
  await tx.delete(predictionResults).where(eq(predictionResults.projectNumber, projectNumber));
  if (totals.length === 0) return;
  await tx.insert(predictionResults).values(
    totals.map((c) => ({
      projectNumber,
      projectId: c.projectId,
      totalReceived: c.totalReceived,
      winner: winners.has(c.projectId),
    })),
  );
}

/**
 * Everything about one round; `everything` (the admin) sees the predictions whatever the status. A closed
 * round's candidates and winners are its recorded result (the CC received at the close), an open one's the
 * live totals.
 */
async function buildRound(db: Db, projectNumber: number, everything: boolean): Promise<AdminPredictionRound> {
  const status = await roundStatus(db, projectNumber);
  const closed = status === "closed";
  const [result, rows] = await Promise.all([
    closed
      ? recordedResult(db, projectNumber, everything)
      : candidates(db, projectNumber).then((list) => ({ candidates: list, winners: null })),
    readPredictions(db, projectNumber),
  ]);
  const { winners } = result;
  return {
    projectNumber,
    status,
    count: rows.length,
    candidates: result.candidates,
    predictions: closed || everything ? rows.map((r) => toPrediction(r, winners, everything)) : [],
    winners: winners ?? [],
  };
}

/** The public view of a round, with the caller's own prediction when signed in. */
export async function getRound(db: Db, projectNumber: number, viewer: string | null): Promise<PredictionRound> {
  const round = await buildRound(db, projectNumber, false);
  let mine: Prediction | null = null;
  if (viewer) {
    const [row] = await readPredictions(db, projectNumber, viewer);
    const winners = round.status === "closed" ? round.winners : null;
    mine = row ? toPrediction(row, winners) : null;
  }
  return { ...round, mine };
}

/**
 * Records a prediction: the round open, a profile, a submission of that project by someone else; once only
 * (a second, even racing the first, is the 409 "already" message).
 */
export async function makePrediction(
  db: Db,
  input: { projectNumber: number; predictorWallet: `0x${string}`; projectId: string },
): Promise<Prediction> {
  const { projectNumber, predictorWallet } = input;
  if ((await roundStatus(db, projectNumber)) !== "open") throw conflict(messages.prediction.notOpen(projectNumber));
  const [profile] = await db
    .select({ archived: profiles.archived })
    .from(profiles)
    .where(eq(profiles.wallet, predictorWallet));
  if (!profile || profile.archived) throw validationFailed([messages.prediction.profile]);
  const [existing] = await readPredictions(db, projectNumber, predictorWallet);
  if (existing) throw conflict(messages.prediction.already(projectNumber));
  const target = (await candidates(db, projectNumber)).find((c) => c.projectId === input.projectId);
  if (!target) throw notFound(messages.prediction.target);
  if (target.authorWallet === predictorWallet) throw forbidden(messages.prediction.self);
  // The round is read again with the insert, its row share-locked: closing it (an update of that row) waits
  // for a prediction being written, and a prediction waits for a close being written and then sees it
  // (before: predictions made while the admin closed the round were accepted after the close).
  const row = await db.transaction(async (tx) => {
    const [round] = await tx
      .select({ open: predictionRounds.open })
      .from(predictionRounds)
      .where(eq(predictionRounds.projectNumber, projectNumber))
      .for("share");
    if (!round?.open) throw conflict(messages.prediction.notOpen(projectNumber));
    const [inserted] = await tx
      .insert(predictions)
      .values({ projectNumber, predictorWallet, projectId: Number(input.projectId) })
      .onConflictDoNothing({ target: [predictions.projectNumber, predictions.predictorWallet] })
      .returning({ id: predictions.id });
    return inserted;
  });
  if (!row) throw conflict(messages.prediction.already(projectNumber));
  const [stored] = await readPredictions(db, projectNumber, predictorWallet);
  return toPrediction(stored!, null);
}

// ---- admin ----

export async function listRounds(db: Db): Promise<AdminPredictionRound[]> {
  return Promise.all(PREDICTION_PROJECTS.map((n) => buildRound(db, n, true)));
}

/**
 * Opens or closes a project's predictions; closing records the round's result (`recordResult`) and makes it
 * public, for good this semester: opened again, students who have not predicted yet would pick knowing
 * everyone's picks and who was right (and the results everyone saw would turn private again), so the result
 * recorded at the close is final. Only an open round can be closed, so a click on a round not yet opened
 * cannot end it before it began.
 */
export async function setRound(
  db: Db,
  grant: AdminGrant,
  input: { projectNumber: number; open: boolean },
): Promise<AdminPredictionRound> {
  await db.transaction(async (tx) => {
    await grant.consume(tx);
    // Locked: a close and an open at once (two tabs, two instances) see each other's outcome.
    const [current] = await tx
      .select({ open: predictionRounds.open, closedAt: predictionRounds.closedAt })
      .from(predictionRounds)
      .where(eq(predictionRounds.projectNumber, input.projectNumber))
      .for("update");
    if (input.open && current && !current.open && current.closedAt) {
      throw conflict(messages.prediction.closedFinal(input.projectNumber));
    }
    if (!input.open && !current?.open) throw conflict(messages.prediction.notOpen(input.projectNumber));
    const now = new Date();
    const changes = input.open ? { open: true, openedAt: now } : { open: false, closedAt: now };
    await tx
      .insert(predictionRounds)
      .values({ projectNumber: input.projectNumber, ...changes })
      .onConflictDoUpdate({ target: predictionRounds.projectNumber, set: changes });
    if (!input.open) await recordResult(tx, input.projectNumber);
  });
  return buildRound(db, input.projectNumber, true);
}
