/**
 * Semesters (issue 18). "Archive semester" snapshots the class into a read-only archive: active profiles,
 * active project submissions (their images stay stored: images are never deleted, so the archive's file names
 * keep being served), visible posts with their visible comments, bounties, predictions, the leaderboard, and
 * the live explorer's rows (copied as rows, numbered 1…n oldest first, so a page is a range lookup).
 * Archiving the same semester again replaces its archive (one archive per semester).
 *
 * "Start new semester" then, in ONE transaction: moves into the archive the explorer rows indexed since it was
 * made, deletes every live explorer row (the aggregates and stream positions follow by their triggers; the
 * holders list is kept as it was: it is the chain's balances, which nothing here changes), clears the class
 * (profiles except the admin's, posts, comments and votes, submissions, tips, predictions, the Feed,
 * notifications; the whitelist when asked) and starts the semester at the block after the indexer's
 * checkpoint: the live explorer shows transfers from there on, and a re-index never goes below it
 * (chain/indexer). Bounties stay. Nothing on chain is touched.
 *
 * Both hold the semester lock and the indexer's lock, so a concurrent second call waits and no indexer batch
 * lands between reading the rows and moving them. The start also holds the class's tables still (students'
 * writes wait; `holdClassStill`), so what it archives is exactly what it clears.
 */

import { EXPLORER_PAGE_SIZE } from "@classcoin/shared/constants";
import type { Bounty, Pagination, Transaction } from "@classcoin/shared/entities";
import type { Leaderboard } from "@classcoin/shared/leaderboard";
import { messages } from "@classcoin/shared/messages";
import { PREDICTION_PROJECTS, type PredictionStatus, winnersOf } from "@classcoin/shared/predictions";
import type {
  Archive,
  ArchiveCounts,
  ArchivedComment,
  ArchivedPost,
  ArchivedPredictionRound,
  ArchivedProfile,
  ArchivedProject,
  ArchiveSummary,
  Semester,
  SemesterCleared,
  SemesterPreview,
} from "@classcoin/shared/semesters";
import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import type { AdminGrant } from "../../auth/admin";
import { holdIndexerLock, readCheckpoint } from "../../chain/indexer/store";
import type { Db, Tx } from "../../db/client";
import { queryRows } from "../../db/raw-rows";
import {
  archives,
  archiveTransactions,
  bounties,
  comments,
  posts,
  predictionResults,
  predictionRounds,
  profiles,
  projects,
  semesters,
} from "../../db/schema";
import { allowLongStatements } from "../../db/statement-timeout";
import type { AppDeps } from "../../deps";
import { conflict, notFound } from "../../http-errors";
import { getLeaderboard } from "../leaderboard/service";
import { readPredictions, toPrediction } from "../predictions/read";

type Reader = Db | Tx;

/** pg_advisory_xact_lock key: one archive or reset at a time ("ccse"). */
const SEMESTER_LOCK = 0x6363_7365;

/**
 * The class's tables a start clears, in the order students' writes first touch them (a comment, then its post;
 * a post, then its votes; a round, then its predictions; a tip, then its project), so a write under way never
 * waits on a table this start holds while this start waits on it.
 */
const CLASS_TABLES = [
  "comments",
  "comment_votes",
  "posts",
  "votes",
  "prediction_rounds",
  "predictions",
  "tips",
  "projects",
  "prediction_results",
  "feed_posts",
  "notifications",
  "profiles",
] as const;

/**
 * Holds the class still for the start: its writes under way (on any instance) finish first, and new ones wait
 * until the new semester has begun; reads go on. Each statement of the start reads what is committed when it
 * runs, so without it a post written between the archive and the posts' delete was in neither, one written
 * after the delete stayed under a profile the start deleted, and a tip recorded meanwhile failed the start
 * on its project's foreign key.
 */
export async function holdClassStill(tx: Tx): Promise<void> {
  await tx.execute(sql.raw(`LOCK TABLE ${CLASS_TABLES.join(", ")} IN EXCLUSIVE MODE`));
}

/** One archive, reset or removal from an archive at a time: a second admin click waits for the first. */
export async function lockSemesters(tx: Tx): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(${SEMESTER_LOCK})`);
}

async function holdSemesterLocks(tx: Tx): Promise<void> {
  // One statement copies or deletes a whole semester's rows.
  await allowLongStatements(tx);
  await lockSemesters(tx);
  await holdIndexerLock(tx);
}

// ---- the current semester ----

interface SemesterRow {
  id: number;
  startBlock: number;
  startedAt: Date;
}

async function currentSemester(db: Reader): Promise<SemesterRow> {
  const [row] = await db
    .select({ id: semesters.id, startBlock: semesters.startBlock, startedAt: semesters.startedAt })
    .from(semesters)
    .orderBy(desc(semesters.id))
    .limit(1);
  if (row) return row;
  // The migration adds the first semester; a database without it gets it here.
  const [created] = await db
    .insert(semesters)
    .values({ startBlock: 0 })
    .returning({ id: semesters.id, startBlock: semesters.startBlock, startedAt: semesters.startedAt });
  return created!;
}

async function archiveOfSemester(db: Reader, semesterId: number) {
  const [row] = await db
    .select({ id: archives.id, name: archives.name, counts: archives.counts })
    .from(archives)
    .where(eq(archives.semesterId, semesterId));
  return row ? { ...row, counts: row.counts as ArchiveCounts } : undefined;
}

const toSemester = (row: SemesterRow, name: string | null): Semester => ({
  name,
  startBlock: row.startBlock,
  startedAt: row.startedAt.toISOString(),
});

// ---- the snapshot ----

interface Snapshot {
  profiles: ArchivedProfile[];
  projects: ArchivedProject[];
  posts: ArchivedPost[];
  bounties: Bounty[];
  predictions: ArchivedPredictionRound[];
  /** Every count but `transactions`. */
  counts: Omit<ArchiveCounts, "transactions">;
}

async function snapshotProfiles(db: Reader): Promise<ArchivedProfile[]> {
  const rows = await db
    .select()
    .from(profiles)
    .where(eq(profiles.archived, false))
    .orderBy(asc(profiles.name), asc(profiles.id));
  return rows.map((p) => ({
    wallet: p.wallet,
    name: p.name,
    bio: p.bio ?? null,
    photo: p.photo,
    starSign: p.starSign,
    createdAt: p.createdAt.toISOString(),
  }));
}

/** The active submissions of active profiles, per project most CC received first. */
async function snapshotProjects(db: Reader): Promise<ArchivedProject[]> {
  const rows = await db
    .select({ project: projects, authorName: profiles.name, authorPhoto: profiles.photo })
    .from(projects)
    .innerJoin(profiles, eq(profiles.wallet, projects.authorWallet))
    .where(and(eq(projects.archived, false), eq(profiles.archived, false)))
    .orderBy(asc(projects.projectNumber), desc(projects.totalReceived), asc(projects.id));
  return rows.map(({ project: p, authorName, authorPhoto }) => ({
    _id: String(p.id),
    authorWallet: p.authorWallet,
    authorName,
    authorPhoto,
    projectNumber: p.projectNumber,
    title: p.title,
    description: p.description,
    image: p.image,
    totalReceived: p.totalReceived,
    createdAt: p.createdAt.toISOString(),
  }));
}

/** The visible posts, newest first, with their visible comments (oldest first) and those comments' replies. */
async function snapshotPosts(db: Reader): Promise<{ posts: ArchivedPost[]; comments: number }> {
  const postRows = await db
    .select({ post: posts, authorName: profiles.name, authorPhoto: profiles.photo })
    .from(posts)
    .leftJoin(profiles, eq(profiles.wallet, posts.authorWallet))
    .where(eq(posts.hidden, false))
    .orderBy(desc(posts.createdAt), desc(posts.id));
  const postIds = postRows.map((r) => r.post.id);
  const commentRows =
    postIds.length === 0
      ? []
      : await db
          .select({ comment: comments, authorName: profiles.name, authorPhoto: profiles.photo })
          .from(comments)
          .leftJoin(profiles, eq(profiles.wallet, comments.authorWallet))
          .where(inArray(comments.postId, postIds))
          .orderBy(asc(comments.createdAt), asc(comments.id));
  const byId = new Map(commentRows.map((r) => [r.comment.id, r]));
  // Named as on the live forum (features/comments): a reply since removed by no one.
  const replyTo = (r: (typeof commentRows)[number]): ArchivedComment["replyTo"] => {
    const target = r.comment.replyToId === null ? undefined : byId.get(r.comment.replyToId);
    if (!target) return null;
    return {
      _id: String(target.comment.id),
      authorName: shown(target) ? (target.authorName ?? target.comment.authorWallet) : "",
    };
  };
  const toComment = (r: (typeof commentRows)[number]): ArchivedComment => ({
    _id: String(r.comment.id),
    parentCommentId: r.comment.parentId === null ? null : String(r.comment.parentId),
    replyTo: replyTo(r),
    authorWallet: r.comment.authorWallet,
    authorName: r.authorName ?? r.comment.authorWallet,
    authorPhoto: r.authorPhoto ?? null,
    text: r.comment.text,
    createdAt: r.comment.createdAt.toISOString(),
    upvotes: r.comment.upvotes,
    downvotes: r.comment.downvotes,
  });
  const shown = (r: (typeof commentRows)[number]) => !r.comment.hidden && !r.comment.deleted;
  // As on the live forum: a removed comment stays as a blank placeholder while replies to it are shown (they
  // were dropped from the archive, and lost for good by the reset after it).
  const withReplies = new Set(
    commentRows.filter((r) => r.comment.parentId !== null && shown(r)).map((r) => r.comment.parentId),
  );
  const placeholder = (r: (typeof commentRows)[number]): ArchivedComment => ({
    ...toComment(r),
    authorWallet: "",
    authorName: "",
    authorPhoto: null,
    text: "",
    upvotes: 0,
    downvotes: 0,
    removed: r.comment.deleted ? "deleted" : "hidden",
  });
  const topLevel = new Map<number, ArchivedPost["comments"][number]>();
  const byPost = new Map<number, ArchivedPost["comments"]>();
  let count = 0;
  for (const r of commentRows) {
    if (r.comment.parentId !== null) continue;
    if (!shown(r) && !withReplies.has(r.comment.id)) continue;
    const comment = { ...(shown(r) ? toComment(r) : placeholder(r)), replies: [] };
    topLevel.set(r.comment.id, comment);
    byPost.set(r.comment.postId, [...(byPost.get(r.comment.postId) ?? []), comment]);
    if (shown(r)) count++;
  }
  for (const r of commentRows) {
    if (r.comment.parentId === null || !shown(r)) continue;
    const parent = topLevel.get(r.comment.parentId);
    if (!parent) continue;
    parent.replies.push(toComment(r));
    count++;
  }
  return {
    posts: postRows.map(({ post: p, authorName, authorPhoto }) => ({
      _id: String(p.id),
      authorWallet: p.authorWallet,
      authorName: authorName ?? p.authorWallet,
      authorPhoto: authorPhoto ?? null,
      content: p.content,
      createdAt: p.createdAt.toISOString(),
      upvotes: p.upvotes,
      downvotes: p.downvotes,
      comments: byPost.get(p.id) ?? [],
    })),
    comments: count,
  };
}

async function snapshotBounties(db: Reader): Promise<Bounty[]> {
  const rows = await db.select().from(bounties).orderBy(desc(bounties.createdAt), desc(bounties.id));
  return rows.map((row) => ({
    _id: String(row.id),
    title: row.title,
    description: row.description,
    reward: row.reward,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    completedBy: row.completedBy,
    completedAt: row.completedAt ? row.completedAt.toISOString() : null,
    crossedOut: row.crossedOut,
    completedByWallet: row.completedByWallet,
    rewardTxHash: row.rewardTxHash,
  }));
}

/**
 * Per project 2–4: its status, every prediction and who was right (the submissions with the most CC). A closed
 * round's winners are those recorded when it closed (features/predictions), never the totals now: tips after
 * the close change nothing. A round not closed has no result yet: its winners are the submissions with the
 * most CC as archived. A round not closed keeps its predictions private, as on the live page, unless `final`:
 * the archive written by "Start new semester", when the rounds end with the semester. `count` is every
 * prediction made (the live page shows that number whatever the status).
 */
async function snapshotPredictions(
  db: Reader,
  submissions: ArchivedProject[],
  final: boolean,
): Promise<{ rounds: ArchivedPredictionRound[]; count: number }> {
  const rounds = await db.select().from(predictionRounds);
  const recorded = await db
    .select({ projectNumber: predictionResults.projectNumber, projectId: predictionResults.projectId })
    .from(predictionResults)
    .where(eq(predictionResults.winner, true))
    .orderBy(
      asc(predictionResults.projectNumber),
      desc(predictionResults.totalReceived),
      asc(predictionResults.projectId),
    );
  const rows = await readPredictions(db);
  const result = PREDICTION_PROJECTS.map((projectNumber): ArchivedPredictionRound => {
    const round = rounds.find((r) => r.projectNumber === projectNumber);
    const status: PredictionStatus = round?.open ? "open" : round?.closedAt ? "closed" : "not_open";
    const winners =
      status === "closed"
        ? recorded.filter((r) => r.projectNumber === projectNumber).map((r) => String(r.projectId))
        : winnersOf(submissions.filter((s) => s.projectNumber === projectNumber)).map((s) => s._id);
    const shown = final || status === "closed";
    return {
      projectNumber,
      status,
      winners,
      ...(!shown && status === "open" && { withheld: true }),
      predictions: rows.filter((r) => shown && r.projectNumber === projectNumber).map((r) => toPrediction(r, winners)),
    };
  });
  const made = rows.filter((r) => (PREDICTION_PROJECTS as readonly number[]).includes(r.projectNumber)).length;
  return { rounds: result, count: made };
}

/** `final`: the last archive of the semester ("Start new semester"); see `snapshotPredictions`. */
async function snapshot(db: Reader, final = false): Promise<Snapshot> {
  const profileList = await snapshotProfiles(db);
  const projectList = await snapshotProjects(db);
  const forum = await snapshotPosts(db);
  const bountyList = await snapshotBounties(db);
  const prediction = await snapshotPredictions(db, projectList, final);
  return {
    profiles: profileList,
    projects: projectList,
    posts: forum.posts,
    bounties: bountyList,
    predictions: prediction.rounds,
    counts: {
      profiles: profileList.length,
      photos: profileList.filter((p) => p.photo !== null).length,
      projectSubmissions: projectList.length,
      projectImages: new Set(projectList.map((p) => p.image)).size,
      posts: forum.posts.length,
      comments: forum.comments,
      bounties: bountyList.length,
      predictions: prediction.count,
    },
  };
}

/** The live explorer's rows (from the trigger-kept totals, not count(*)). */
async function liveTransactionCount(db: Reader): Promise<number> {
  const [row] = await queryRows<{ n: string | number | null }>(
    db,
    sql`SELECT coalesce(sum(count), 0) AS n FROM transaction_totals`,
  );
  return Number(row?.n ?? 0);
}

/** What a new semester would clear, besides the explorer's rows. */
async function classData(
  db: Reader,
  adminWallet: string,
): Promise<Omit<SemesterCleared, "transactions" | "whitelist">> {
  const [row] = await queryRows<Record<string, string | number>>(
    db,
    sql`SELECT (SELECT count(*) FROM profiles WHERE wallet <> ${adminWallet}) AS profiles,
               (SELECT count(*) FROM posts) AS posts,
               (SELECT count(*) FROM comments) AS comments,
               (SELECT count(*) FROM projects) AS projects,
               (SELECT count(*) FROM tips) AS tips,
               (SELECT count(*) FROM predictions) AS predictions,
               (SELECT count(*) FROM feed_posts) AS feed_posts,
               (SELECT count(*) FROM notifications) AS notifications`,
  );
  return {
    profiles: Number(row?.profiles ?? 0),
    posts: Number(row?.posts ?? 0),
    comments: Number(row?.comments ?? 0),
    projects: Number(row?.projects ?? 0),
    tips: Number(row?.tips ?? 0),
    predictions: Number(row?.predictions ?? 0),
    feedPosts: Number(row?.feed_posts ?? 0),
    notifications: Number(row?.notifications ?? 0),
  };
}

/** Whether starting a new semester would lose anything an archive keeps (notifications alone do not count). */
function hasClassData(data: Omit<SemesterCleared, "transactions" | "whitelist">, transactions: number): boolean {
  const { notifications: _notifications, ...kept } = data;
  return transactions > 0 || Object.values(kept).some((n) => n > 0);
}

// ---- admin: preview, archive, start ----

export async function previewSemester(deps: AppDeps): Promise<SemesterPreview> {
  const { db } = deps.database;
  const semester = await currentSemester(db);
  const [archive, snap, transactions, data] = await Promise.all([
    archiveOfSemester(db, semester.id),
    snapshot(db),
    liveTransactionCount(db),
    classData(db, deps.config.adminWallet.toLowerCase()),
  ]);
  return {
    semester: toSemester(semester, archive?.name ?? null),
    counts: { ...snap.counts, transactions },
    archivedSinceStart: archive !== undefined,
    archiveId: archive ? String(archive.id) : null,
    hasClassData: hasClassData(data, transactions),
  };
}

const ARCHIVE_COLUMNS = `archive_id, position, transaction_id, type, from_wallet, to_wallet, from_name, to_name,
  from_photo, to_photo, amount, amount_wei, "timestamp", description, status, tx_hash, log_index, block_number`;

/**
 * Copies every live explorer row into the (emptied) archive, oldest first, with the names
 * and photos they show now (the profiles are about to go). Returns how many.
 */
async function copyTransactions(tx: Tx, archiveId: number): Promise<number> {
  const [row] = await queryRows<{ n: string | number }>(
    tx,
    sql`WITH ins AS (
      INSERT INTO archive_transactions (${sql.raw(ARCHIVE_COLUMNS)})
      SELECT ${archiveId}, row_number() OVER (ORDER BY t."timestamp", t.id), t.id, t.type,
             t.from_wallet, t.to_wallet, coalesce(pf.name, t.from_name), coalesce(pt.name, t.to_name),
             CASE WHEN pf.wallet IS NULL THEN t.from_photo ELSE pf.photo END,
             CASE WHEN pt.wallet IS NULL THEN t.to_photo ELSE pt.photo END,
             t.amount, t.amount_wei, t."timestamp", t.description, t.status, t.tx_hash, t.log_index, t.block_number
        FROM transactions t
        LEFT JOIN profiles pf ON pf.wallet = t.from_wallet AND pf.archived = false
        LEFT JOIN profiles pt ON pt.wallet = t.to_wallet AND pt.archived = false
      RETURNING 1)
    SELECT count(*) AS n FROM ins`,
  );
  return Number(row?.n ?? 0);
}

/** The last block the live index covers (the indexer's checkpoint), else the newest indexed row's block. */
async function indexedThrough(tx: Tx, token: string | undefined, fallback: number): Promise<number> {
  const checkpoint = await readCheckpoint(tx);
  if (checkpoint && token && checkpoint.token.toLowerCase() === token.toLowerCase()) return checkpoint.block;
  const [row] = await queryRows<{ b: string | number | null }>(
    tx,
    sql`SELECT max(block_number) AS b FROM transactions`,
  );
  return row?.b == null ? fallback : Math.max(fallback, Number(row.b));
}

/**
 * Writes the current class into the semester's archive, replacing what an earlier archive of the same
 * semester captured (one archive per semester, never a double). Returns the archive's id.
 */
async function writeArchive(
  tx: Tx,
  deps: AppDeps,
  semester: SemesterRow,
  name: string,
  balances: Map<string, number>,
  final: boolean,
): Promise<number> {
  const snap = await snapshot(tx, final);
  const endBlock = Math.max(
    semester.startBlock,
    await indexedThrough(tx, deps.config.tokenAddress, semester.startBlock),
  );
  const sections = {
    name,
    startedAt: semester.startedAt,
    startBlock: semester.startBlock,
    endBlock,
    counts: { ...snap.counts, transactions: 0 },
    profiles: snap.profiles,
    projects: snap.projects,
    posts: snap.posts,
    bounties: snap.bounties,
    predictions: snap.predictions,
    leaderboard: await getLeaderboard(deps, { db: tx, balances }),
  };
  const existing = await archiveOfSemester(tx, semester.id);
  let archiveId: number;
  if (existing) {
    archiveId = existing.id;
    await tx.delete(archiveTransactions).where(eq(archiveTransactions.archiveId, archiveId));
    await tx
      .update(archives)
      .set({ ...sections, createdAt: new Date() })
      .where(eq(archives.id, archiveId));
  } else {
    const [row] = await tx
      .insert(archives)
      .values({ semesterId: semester.id, ...sections })
      .returning({ id: archives.id });
    archiveId = row!.id;
  }
  const transactions = await copyTransactions(tx, archiveId);
  const counts = { ...snap.counts, transactions };
  await tx.update(archives).set({ counts }).where(eq(archives.id, archiveId));
  return archiveId;
}

export async function archiveSemester(
  deps: AppDeps,
  grant: AdminGrant,
  input: { name: string },
  balances: Map<string, number>,
): Promise<ArchiveSummary> {
  return deps.database.db.transaction(async (tx) => {
    await holdSemesterLocks(tx);
    await grant.consume(tx);
    const semester = await currentSemester(tx);
    // Not final: the class goes on, and an open round's predictions stay private.
    const archiveId = await writeArchive(tx, deps, semester, input.name, balances, false);
    return (await readSummary(tx, archiveId))!;
  });
}

/** `DELETE … RETURNING` counted in the database. */
async function deleteCount(tx: Tx, statement: ReturnType<typeof sql>): Promise<number> {
  const [row] = await queryRows<{ n: string | number }>(
    tx,
    sql`WITH d AS (${statement} RETURNING 1) SELECT count(*) AS n FROM d`,
  );
  return Number(row?.n ?? 0);
}

export interface StartedSemester {
  semester: Semester;
  cleared: SemesterCleared;
}

/** The semester the class is in now (its id), read when a request to end it arrives. */
export async function currentSemesterId(db: Reader): Promise<number> {
  return (await currentSemester(db)).id;
}

/**
 * `ending`: the semester the request meant to end, read when it arrived (`currentSemesterId`). The start waits
 * for the indexer first (up to 90 s), and an admin who reloaded meanwhile saw the old semester and clicked
 * again: the second request then started another, empty semester right after the first. It is refused.
 */
export async function startSemester(
  deps: AppDeps,
  grant: AdminGrant,
  input: { clearWhitelist: boolean },
  balances: Map<string, number>,
  ending: number,
): Promise<StartedSemester> {
  const admin = deps.config.adminWallet.toLowerCase();
  const token = deps.config.tokenAddress;
  // Only needed when nothing was indexed yet: the semester then starts after the chain's current block.
  const head = await deps.chain
    .getBlockNumber({ cacheTime: 0 })
    .then(Number)
    .catch(() => undefined);
  return deps.database.db.transaction(async (tx) => {
    await holdSemesterLocks(tx);
    await grant.consume(tx);
    const semester = await currentSemester(tx);
    if (semester.id !== ending) throw conflict(messages.semester.startedMeanwhile);
    await holdClassStill(tx);
    const archive = await archiveOfSemester(tx, semester.id);
    const data = await classData(tx, admin);
    const live = await liveTransactionCount(tx);
    if (!archive && hasClassData(data, live)) throw conflict(messages.semester.archiveFirst);

    const checkpoint = await readCheckpoint(tx);
    const indexed = checkpoint && token && checkpoint.token.toLowerCase() === token.toLowerCase();
    const [newest] = await queryRows<{ b: string | number | null }>(
      tx,
      sql`SELECT max(block_number) AS b FROM transactions`,
    );
    const startBlock = Math.max(
      semester.startBlock,
      indexed ? checkpoint.block + 1 : (head ?? semester.startBlock - 1) + 1,
      newest?.b == null ? 0 : Number(newest.b) + 1,
    );

    // The archive is taken again, under its name, as the class stands now: whatever students posted, tipped
    // or changed between "Archive semester" and this call is captured before it is cleared, never lost.
    if (archive) {
      await writeArchive(tx, deps, semester, archive.name, balances, true);
      await tx
        .update(archives)
        .set({ endBlock: startBlock - 1 })
        .where(eq(archives.id, archive.id));
    }
    // The holders are the chain's balances, which do not change: keep them through the rows' delete.
    await tx.execute(sql`CREATE TEMP TABLE semester_holders ON COMMIT DROP AS SELECT wallet, balance_wei FROM holders`);
    const transactions = await deleteCount(tx, sql`DELETE FROM transactions`);
    await tx.execute(sql`DELETE FROM holders`);
    await tx.execute(sql`INSERT INTO holders (wallet, balance_wei) SELECT wallet, balance_wei FROM semester_holders`);
    await tx.execute(sql`DROP TABLE semester_holders`);

    const predictionCount = await deleteCount(tx, sql`DELETE FROM predictions`);
    await tx.execute(sql`DELETE FROM prediction_rounds`);
    const tips = await deleteCount(tx, sql`DELETE FROM tips`);
    const commentCount = await deleteCount(tx, sql`DELETE FROM comments`);
    const postCount = await deleteCount(tx, sql`DELETE FROM posts`);
    const projectCount = await deleteCount(tx, sql`DELETE FROM projects`);
    const feedPosts = await deleteCount(tx, sql`DELETE FROM feed_posts`);
    const notifications = await deleteCount(tx, sql`DELETE FROM notifications`);
    const profileCount = await deleteCount(tx, sql`DELETE FROM profiles WHERE wallet <> ${admin}`);
    const whitelist = input.clearWhitelist ? await deleteCount(tx, sql`DELETE FROM whitelist`) : 0;

    const [started] = await tx
      .insert(semesters)
      .values({ startBlock, token: token ?? null })
      .returning({ id: semesters.id, startBlock: semesters.startBlock, startedAt: semesters.startedAt });
    return {
      semester: toSemester(started!, null),
      cleared: {
        profiles: profileCount,
        posts: postCount,
        comments: commentCount,
        projects: projectCount,
        tips,
        predictions: predictionCount,
        feedPosts,
        notifications,
        transactions,
        whitelist,
      },
    };
  });
}

// ---- public: the archives ----

const summaryColumns = {
  id: archives.id,
  name: archives.name,
  createdAt: archives.createdAt,
  startedAt: archives.startedAt,
  startBlock: archives.startBlock,
  endBlock: archives.endBlock,
  counts: archives.counts,
};

function toSummary(row: {
  id: number;
  name: string;
  createdAt: Date;
  startedAt: Date;
  startBlock: number;
  endBlock: number;
  counts: unknown;
}): ArchiveSummary {
  return {
    _id: String(row.id),
    name: row.name,
    createdAt: row.createdAt.toISOString(),
    startedAt: row.startedAt.toISOString(),
    startBlock: row.startBlock,
    endBlock: row.endBlock,
    counts: row.counts as ArchiveCounts,
  };
}

async function readSummary(db: Reader, id: number): Promise<ArchiveSummary | undefined> {
  const [row] = await db.select(summaryColumns).from(archives).where(eq(archives.id, id));
  return row ? toSummary(row) : undefined;
}

export async function listArchives(db: Db): Promise<ArchiveSummary[]> {
  const rows = await db.select(summaryColumns).from(archives).orderBy(desc(archives.createdAt), desc(archives.id));
  return rows.map(toSummary);
}

/**
 * The archive `archiveId` as stored, or 404; `forUpdate` inside a transaction that rewrites it (one rewrite at
 * a time).
 */
export async function getArchive(db: Reader, archiveId: string, forUpdate = false): Promise<Archive> {
  const query = db
    .select()
    .from(archives)
    .where(eq(archives.id, Number(archiveId)));
  const [row] = forUpdate ? await query.for("update") : await query;
  if (!row) throw notFound(messages.semester.archiveNotFound);
  return {
    ...toSummary(row),
    profiles: row.profiles as ArchivedProfile[],
    projects: row.projects as ArchivedProject[],
    posts: row.posts as ArchivedPost[],
    bounties: row.bounties as Bounty[],
    predictions: row.predictions as ArchivedPredictionRound[],
    leaderboard: row.leaderboard as Leaderboard,
  };
}

/**
 * A page of an archive's explorer rows, newest first: positions n − p·limit + 1 … n − (p − 1)·limit of its
 * n rows, a range lookup of the primary key whatever the page.
 */
export async function listArchiveTransactions(
  db: Db,
  archiveId: string,
  query: { page?: number; limit?: number },
): Promise<{ transactions: Transaction[]; pagination: Pagination }> {
  const id = Number(archiveId);
  const page = query.page ?? 1;
  const limit = query.limit ?? EXPLORER_PAGE_SIZE;
  const [archive] = await queryRows<{ n: string | number | null }>(
    db,
    sql`SELECT (SELECT max(position) FROM archive_transactions WHERE archive_id = a.id) AS n
          FROM archives a WHERE a.id = ${id}`,
  );
  if (!archive) throw notFound(messages.semester.archiveNotFound);
  const length = Number(archive.n ?? 0);
  const total = Math.max(1, Math.ceil(length / limit));
  const high = length - (page - 1) * limit;
  const rows =
    high < 1
      ? []
      : await db
          .select()
          .from(archiveTransactions)
          .where(
            and(
              eq(archiveTransactions.archiveId, id),
              sql`${archiveTransactions.position} BETWEEN ${Math.max(1, high - limit + 1)} AND ${high}`,
            ),
          )
          .orderBy(desc(archiveTransactions.position));
  return {
    transactions: rows.map((r) => ({
      _id: String(r.transactionId),
      type: r.type as Transaction["type"],
      fromWallet: r.fromWallet,
      toWallet: r.toWallet,
      fromName: r.fromName,
      toName: r.toName,
      fromPhoto: r.fromPhoto,
      toPhoto: r.toPhoto,
      amount: r.amount,
      timestamp: r.timestamp.toISOString(),
      description: r.description,
      status: r.status,
      txHash: r.txHash,
      logIndex: r.logIndex,
      blockNumber: r.blockNumber,
    })),
    pagination: { current: page, total, hasPrev: page > 1, hasNext: page < total },
  };
}
