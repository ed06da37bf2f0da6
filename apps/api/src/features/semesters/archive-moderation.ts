/**
 * `POST /api/admin/archives/remove` (signed): the instructor takes a post, a comment, a submission or a student
 * out of an archive (archive-removal.ts says what each leaves). Before, an archive was read-only for everyone,
 * so an insult archived with the class, or a student who asked to be removed, stayed public for good.
 *
 * A removed student's name and photo also leave the archive's explorer rows (it shows their wallet, as for
 * anyone without a profile). Images no archive or live row names any more are deleted by the hourly image
 * sweep (features/images/sweep.ts).
 */
import { messages } from "@classcoin/shared/messages";
import type { ArchiveSummary, RemoveFromArchive } from "@classcoin/shared/semesters";
import { eq, sql } from "drizzle-orm";
import type { AdminGrant } from "../../auth/admin";
import type { Tx } from "../../db/client";
import { queryRows } from "../../db/raw-rows";
import { archives } from "../../db/schema";
import type { AppDeps } from "../../deps";
import { badRequest, conflict, notFound } from "../../http-errors";
import { removeFromDocuments } from "./archive-removal";
import { currentSemesterId, getArchive, lockSemesters } from "./service";

const isWallet = (target: string) => target.startsWith("0x");

export async function removeFromArchive(
  deps: AppDeps,
  grant: AdminGrant,
  input: RemoveFromArchive,
): Promise<ArchiveSummary> {
  const { kind, target } = input;
  // Told apart by the schema's two forms: a student is named by wallet, everything else by id.
  if (kind === "student" && !isWallet(target)) throw badRequest(messages.semester.studentByWallet);
  if (kind !== "student" && isWallet(target)) throw badRequest(messages.semester.itemById);
  return deps.database.db.transaction(async (tx) => {
    // After any archive or start under way: the semester this archive belongs to may be ending right now.
    await lockSemesters(tx);
    const archive = await getArchive(tx, input.archiveId, true);
    const id = Number(archive._id);
    const [own] = await tx.select({ semesterId: archives.semesterId }).from(archives).where(eq(archives.id, id));
    if (own?.semesterId === (await currentSemesterId(tx))) throw conflict(messages.semester.currentArchive);
    const after = removeFromDocuments(archive, kind, target);
    // The explorer rows may name a student the documents no longer do (one who left before the archive).
    const renamed = kind === "student" ? await unnameInExplorer(tx, id, target) : 0;
    if (!after && renamed === 0) throw notFound(messages.semester.notInArchive(kind));
    await grant.consume(tx);
    if (after) {
      const { counts, profiles, projects, posts, bounties, predictions, leaderboard } = after;
      await tx
        .update(archives)
        .set({ counts, profiles, projects, posts, bounties, predictions, leaderboard })
        .where(eq(archives.id, id));
    }
    const { name, createdAt, startedAt, startBlock, endBlock } = archive;
    return {
      _id: archive._id,
      name,
      createdAt,
      startedAt,
      startBlock,
      endBlock,
      counts: after?.counts ?? archive.counts,
    };
  });
}

/** Blanks a student's name and photo in an archive's explorer rows; how many rows named them. */
async function unnameInExplorer(tx: Tx, archiveId: number, wallet: string): Promise<number> {
  const [row] = await queryRows<{ n: string | number }>(
    tx,
    sql`WITH changed AS (
      UPDATE archive_transactions
         SET from_name = CASE WHEN from_wallet = ${wallet} THEN NULL ELSE from_name END,
             from_photo = CASE WHEN from_wallet = ${wallet} THEN NULL ELSE from_photo END,
             to_name = CASE WHEN to_wallet = ${wallet} THEN NULL ELSE to_name END,
             to_photo = CASE WHEN to_wallet = ${wallet} THEN NULL ELSE to_photo END
       WHERE archive_id = ${archiveId}
         AND ((from_wallet = ${wallet} AND (from_name IS NOT NULL OR from_photo IS NOT NULL))
           OR (to_wallet = ${wallet} AND (to_name IS NOT NULL OR to_photo IS NOT NULL)))
      RETURNING 1)
    SELECT count(*) AS n FROM changed`,
  );
  return Number(row?.n ?? 0);
}
