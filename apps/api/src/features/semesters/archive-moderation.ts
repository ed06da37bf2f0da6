/**
 * `POST /api/admin/archives/remove` (signed): the instructor takes a post, a comment, a submission or a student
 * out of an archive (archive-removal.ts says what each leaves). Before, an archive was read-only for everyone,
 * so an insult archived with the class, or a student who asked to be removed, stayed public for good.
 *
 * A removed student's name and photo also leave the archive's explorer rows (it shows their wallet, as for
 * anyone without a profile). Images the removal stopped showing are deleted at once when nothing else shows
 * them (by the image sweep's rules, features/images/sweep.ts).
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
import { deleteIfUnreferenced, IMAGE_GRACE_MS } from "../images/sweep";
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
    const unnamed = kind === "student" ? await unnameInExplorer(tx, id, target) : { rows: 0, photos: [] };
    if (!after && unnamed.rows === 0) throw notFound(messages.semester.notInArchive(kind));
    await grant.consume(tx);
    if (after) {
      const { counts, profiles, projects, posts, bounties, predictions, leaderboard } = after;
      await tx
        .update(archives)
        .set({ counts, profiles, projects, posts, bounties, predictions, leaderboard })
        .where(eq(archives.id, id));
    }
    // Their images, unless shown elsewhere, are deleted now, not by the next hourly sweep: a student who asked to
    // be removed has their photo served no more.
    const named = (docs: unknown) => JSON.stringify(docs).match(IMAGE_NAMES) ?? [];
    const left = new Set(after ? named(after) : named(archive));
    const dropped = [...named(archive), ...unnamed.photos].filter((image) => !left.has(image));
    await deleteIfUnreferenced(tx, [...new Set(dropped)], IMAGE_GRACE_MS);
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

/** Stored image names as they appear in an archive's documents (the image sweep matches them the same way). */
const IMAGE_NAMES = /[0-9a-f]{64}\.webp/g;

/** Blanks a student's name and photo in an archive's explorer rows: how many rows named them, and the photos. */
async function unnameInExplorer(
  tx: Tx,
  archiveId: number,
  wallet: string,
): Promise<{ rows: number; photos: string[] }> {
  const [photos] = await queryRows<{ photos: string[] | null }>(
    tx,
    sql`SELECT array_agg(DISTINCT photo) FILTER (WHERE photo IS NOT NULL) AS photos
          FROM archive_transactions,
               LATERAL (VALUES (CASE WHEN from_wallet = ${wallet} THEN from_photo END),
                               (CASE WHEN to_wallet = ${wallet} THEN to_photo END)) AS p(photo)
         WHERE archive_id = ${archiveId} AND (from_wallet = ${wallet} OR to_wallet = ${wallet})`,
  );
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
  return { rows: Number(row?.n ?? 0), photos: photos?.photos ?? [] };
}
