/**
 * Stored images nothing shows any more are deleted: a profile photo or project image replaced by a new one,
 * a submission the admin removed, the Feed's images once a new semester clears its posts, an upload whose
 * save was refused after it was stored. Before, every replaced image stayed in the database for good, so a
 * student changing a photo ten times a minute (the upload limit) grew it by up to ~100 MB an hour.
 *
 * An image is kept while any row names it: a profile, a project, a Feed post (hidden ones too, the admin may
 * show them again), a live or archived explorer row (they keep the photo a wallet had), or an archive (its
 * documents name photos and images, found by their name's shape). A new image is kept for a grace period
 * whatever names it, because it is stored before the row that names it is written; storing the same bytes
 * again restarts that period (`storeImage`), so a re-upload of an old unreferenced image is never swept
 * between its store and its row.
 */
import { type AnyColumn, and, inArray, lt, type SQL, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { Db, Tx } from "../../db/client";
import { images } from "../../db/schema";

/** How long a stored image is kept before anything must name it. */
export const IMAGE_GRACE_MS = 60 * 60 * 1000;
/** Each instance sweeps this often; a sweep is one statement, and two instances sweeping at once agree. */
export const IMAGE_SWEEP_EVERY_MS = 60 * 60 * 1000;
/** The first sweep waits a little after start, so a start (or a test's app) does not pay for it. */
const FIRST_SWEEP_AFTER_MS = 5 * 60 * 1000;

/** Every image name some row shows (a null among them matches no image). */
const referencedNames = sql`
  SELECT photo AS name FROM profiles
  UNION ALL SELECT image FROM projects
  UNION ALL SELECT jsonb_array_elements_text(images) FROM feed_posts
  UNION ALL SELECT from_photo FROM transactions
  UNION ALL SELECT to_photo FROM transactions
  UNION ALL SELECT from_photo FROM archive_transactions
  UNION ALL SELECT to_photo FROM archive_transactions
  UNION ALL SELECT (regexp_matches(a::text, '[0-9a-f]{64}\\.webp', 'g'))[1] FROM archives a`;

/** SQL true when no row shows the image named `name` (an anti-join: one pass over each table). */
export function notReferenced(name: SQL | AnyColumn): SQL {
  return sql`NOT EXISTS (SELECT 1 FROM (${referencedNames}) r WHERE r.name = ${name})`;
}

/**
 * Deletes the images stored more than `graceMs` ago that no row shows; returns how many. Their age is the
 * database's, as `created_at` is written (`now()`): an instance whose clock ran an hour ahead took a photo
 * stored a moment ago for one past its grace, and deleted it before its profile named it.
 */
export async function deleteUnreferencedImages(db: Db, graceMs: number): Promise<number> {
  const deleted = await db
    .delete(images)
    .where(and(lt(images.createdAt, sql`now() - make_interval(secs => ${graceMs / 1000})`), notReferenced(images.name)))
    .returning({ name: images.name });
  return deleted.length;
}

/**
 * Deletes at once those of `names` the sweep would delete (stored more than `graceMs` ago, no row shows them):
 * after a write that stopped showing them on purpose (a student removed from an archive), not an hour later.
 */
export async function deleteIfUnreferenced(db: Db | Tx, names: readonly string[], graceMs: number): Promise<number> {
  if (names.length === 0) return 0;
  const deleted = await db
    .delete(images)
    .where(
      and(
        inArray(images.name, [...names]),
        lt(images.createdAt, sql`now() - make_interval(secs => ${graceMs / 1000})`),
        notReferenced(images.name),
      ),
    )
    .returning({ name: images.name });
  return deleted.length;
}

/** Sweeps in the background while the app runs (first a few minutes after it is ready, then hourly). */
export function scheduleImageSweep(
  app: FastifyInstance,
  db: Db,
  { firstAfterMs = FIRST_SWEEP_AFTER_MS, everyMs = IMAGE_SWEEP_EVERY_MS, graceMs = IMAGE_GRACE_MS } = {},
): void {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  const sweep = async () => {
    try {
      const count = await deleteUnreferencedImages(db, graceMs);
      if (count > 0) app.log.info(`Deleted ${count} stored image(s) that nothing shows any more`);
    } catch (error) {
      app.log.warn({ err: error }, "stored images could not be swept; the next sweep tries again");
    }
  };
  const next = (afterMs: number) => {
    timer = setTimeout(() => {
      running = sweep().finally(() => {
        running = undefined;
        if (timer) next(everyMs);
      });
    }, afterMs);
    timer.unref();
  };
  app.addHook("onReady", async () => next(firstAfterMs));
  app.addHook("onClose", async () => {
    clearTimeout(timer);
    timer = undefined;
    // The database closes after the app: a sweep under way finishes first.
    await running;
  });
}
