/**
 * Once per database, at start: the Feed's images stored before they were encoded unlike the named kinds
 * (images/service.ts) are encoded again, so none keeps the name or bytes of the same picture in a project or a
 * profile photo, nor the bytes a later project upload of that picture would get. The posts are pointed at
 * the new images; an old image nothing else shows is deleted (a project that reused it keeps it, as its own).
 */
import { eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { feedPosts, images, settings } from "../../db/schema";
import { allowLongStatements } from "../../db/statement-timeout";
import { storeImage } from "../images/service";
import { notReferenced } from "../images/sweep";

const DONE_KEY = "feed-images-separated";
/** pg_advisory_xact_lock key: one instance does it ("ccfi"). */
const SEPARATE_LOCK = 0x6363_6669;

/** Returns how many images were encoded again (0 once done). */
export async function separateFeedImages(db: Db): Promise<number> {
  return db.transaction(async (tx) => {
    // Once, at start-up: it encodes every Feed image again, and other instances wait for it.
    await allowLongStatements(tx);
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${SEPARATE_LOCK})`);
    const [done] = await tx.select().from(settings).where(eq(settings.key, DONE_KEY));
    if (done) return 0;
    const posts = await tx.select({ id: feedPosts.id, images: feedPosts.images }).from(feedPosts);
    const renamed = new Map<string, string>();
    for (const name of new Set(posts.flatMap((p) => p.images))) {
      const [stored] = await tx.select({ bytes: images.bytes }).from(images).where(eq(images.name, name));
      if (!stored) continue;
      // An image that no longer decodes stays as it is rather than stopping the server's start.
      const encoded = await storeImage(tx, Buffer.from(stored.bytes), "feed").catch(() => null);
      if (encoded && encoded !== name) renamed.set(name, encoded);
    }
    for (const post of posts) {
      if (!post.images.some((name) => renamed.has(name))) continue;
      const next = post.images.map((name) => renamed.get(name) ?? name);
      await tx.update(feedPosts).set({ images: next }).where(eq(feedPosts.id, post.id));
    }
    const old = [...renamed.keys()];
    if (old.length > 0) {
      await tx.execute(sql`
        DELETE FROM images i
        WHERE i.name IN (SELECT jsonb_array_elements_text(${JSON.stringify(old)}::jsonb))
          AND ${notReferenced(sql`i.name`)}`);
      // What is left of them is a project's or a photo's (stored once with the Feed's before): served by
      // those routes now, which do not serve the Feed's images.
    }
    // What is left of the old Feed rows, and every Feed row no post shows any more (its post cleared by a
    // semester reset, while a project or photo, maybe archived, reused it), is a project's or a photo's now:
    // served by those routes, which do not serve the Feed's images.
    await tx.execute(sql`
      UPDATE images i SET kind = 'project'
      WHERE i.kind = 'feed' AND NOT EXISTS (SELECT 1 FROM feed_posts f WHERE f.images @> jsonb_build_array(i.name))`);
    await tx.insert(settings).values({ key: DONE_KEY, value: { at: new Date().toISOString(), images: old.length } });
    return old.length;
  });
}
