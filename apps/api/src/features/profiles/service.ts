/**
 * Profiles (spec §3, §5, §6): one per wallet. Creating needs ≥ 1 CC on chain and, in whitelist mode, a
 * whitelisted wallet (checked by the create route); existing profiles keep access, so updates check neither.
 * The admin sees every profile and archives or restores one; the public lists leave archived ones out.
 */
import type { Profile } from "@classcoin/shared/entities";
import { messages } from "@classcoin/shared/messages";
import { type ListPageQuery, pageLimit } from "@classcoin/shared/paging";
import type { ProfileFields, ProfileStatus } from "@classcoin/shared/profiles";
import { and, desc, eq, ne, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { AdminGrant } from "../../auth/admin";
import type { Db, Tx } from "../../db/client";
import { profiles } from "../../db/schema";
import { badRequest, conflict, notFound, validationFailed } from "../../http-errors";
import { isWhitelisted, isWhitelistMode } from "../whitelist/service";
import { refuseConfusableName } from "./confusable-names";

type ProfileRow = typeof profiles.$inferSelect;

function toProfile(row: ProfileRow): Profile {
  return {
    _id: String(row.id),
    wallet: row.wallet,
    name: row.name,
    birthday: row.birthday,
    starSign: row.starSign as Profile["starSign"],
    photo: row.photo,
    ...(row.bio !== null ? { bio: row.bio } : {}),
    createdAt: row.createdAt.toISOString(),
    archived: row.archived,
  };
}

/**
 * Active profiles, newest first (`createdAt`, then `id` for profiles created in the same instant); the whole
 * list, or a keyset page (paging.ts): `before` continues after that profile in this order. The cursor's own
 * row is read in the same statement, archived or not, so the seek is exact to the microsecond.
 */
export async function listProfiles(db: Db, page: ListPageQuery = {}): Promise<Profile[]> {
  const active = eq(profiles.archived, false);
  const before = page.before === undefined ? undefined : Number(page.before);
  const cursor = alias(profiles, "cursor");
  const where =
    before === undefined
      ? active
      : and(
          active,
          sql`(${profiles.createdAt}, ${profiles.id}) < ${db
            .select({ createdAt: cursor.createdAt, id: cursor.id })
            .from(cursor)
            .where(eq(cursor.id, before))}`,
        );
  const query = db.select().from(profiles).where(where).orderBy(desc(profiles.createdAt), desc(profiles.id));
  const limit = pageLimit(page);
  const rows = await (limit === undefined ? query : query.limit(limit));
  if (rows.length === 0 && before !== undefined && !(await profileIdExists(db, before))) {
    throw badRequest(messages.paging.unknownCursor);
  }
  return rows.map(toProfile);
}

async function profileIdExists(db: Db, id: number): Promise<boolean> {
  const [row] = await db.select({ id: profiles.id }).from(profiles).where(eq(profiles.id, id)).limit(1);
  return row !== undefined;
}

/** The wallet's profile, archived or not, or null. */
export async function findProfile(db: Db, wallet: string): Promise<Profile | null> {
  const [row] = await db.select().from(profiles).where(eq(profiles.wallet, wallet.toLowerCase())).limit(1);
  return row ? toProfile(row) : null;
}

/**
 * Who may vote (on a post or a comment). Spec §6: "Voting requires only a connected wallet, although the hint
 * text says a profile is required": so while whitelist mode is off, any signed-in wallet votes. While it is on
 * the instructor has closed the class (the default on Sepolia), and a wallet from outside it (neither listed
 * nor holding an active profile) is refused: any wallet on the internet can sign in, and outsiders swayed a
 * closed class's votes.
 */
export async function requireVoterInClass(db: Db, wallet: string, whitelistModeDefault = false): Promise<void> {
  if (!(await isWhitelistMode(db, whitelistModeDefault))) return;
  if (await isWhitelisted(db, wallet)) return;
  const profile = await findProfile(db, wallet);
  if (!profile || profile.archived) throw validationFailed([messages.vote.classMembersOnly]);
}

/** Whether the wallet has a profile: none, active (returned) or archived (only said to exist). */
export async function profileStatus(db: Db, wallet: string): Promise<ProfileStatus> {
  const profile = await findProfile(db, wallet);
  if (!profile) return { status: "none", profile: null };
  return profile.archived ? { status: "archived", profile: null } : { status: "active", profile };
}

/** The wallet's active profile; 404 when it has none or it is archived. */
export async function getActiveProfile(db: Db, wallet: string): Promise<Profile> {
  const profile = await findProfile(db, wallet);
  if (!profile || profile.archived) throw notFound(messages.profile.notFound);
  return profile;
}

/** Inserts the profile; a second one for the wallet (even racing this one) is a 409, never a 5xx. */
/** pg_advisory_xact_lock key: one profile name written at a time ("ccpn"). */
const PROFILE_NAME_LOCK = 0x6363_706e;

/**
 * Runs `write` once no other wallet's profile has a name confusable with `name`, with the names held still
 * until it commits: two wallets naming themselves "Ben Okafor" at the same moment (two instances, or one
 * tab each) both passed the check before either was stored. The lock is held for a name check and one row
 * write, never across a chain call.
 */
function withNameHeld<T>(db: Db, wallet: string, name: string, write: (tx: Tx) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${PROFILE_NAME_LOCK})`);
    await refuseConfusableName(tx, wallet, name);
    return write(tx);
  });
}

export async function insertProfile(
  db: Db,
  wallet: string,
  fields: ProfileFields,
  photo: string | null,
): Promise<Profile> {
  const [row] = await withNameHeld(db, wallet, fields.name, (tx) =>
    tx
      .insert(profiles)
      .values({ wallet: wallet.toLowerCase(), ...fields, photo })
      .onConflictDoNothing({ target: profiles.wallet })
      .returning(),
  );
  if (!row) throw conflict(messages.profile.exists);
  return toProfile(row);
}

/** Updates the active profile's fields, and its photo when a new one was given. */
export async function updateProfile(
  db: Db,
  wallet: string,
  fields: ProfileFields,
  photo: string | undefined,
): Promise<Profile> {
  const [row] = await withNameHeld(db, wallet, fields.name, (tx) =>
    tx
      .update(profiles)
      .set({ ...fields, ...(photo !== undefined ? { photo } : {}) })
      .where(and(eq(profiles.wallet, wallet.toLowerCase()), eq(profiles.archived, false)))
      .returning(),
  );
  if (!row) throw notFound(messages.profile.notFound);
  return toProfile(row);
}

/** Every profile for the admin, archived ones too, newest first. */
export async function listAllProfiles(db: Db): Promise<Profile[]> {
  const rows = await db.select().from(profiles).orderBy(desc(profiles.createdAt), desc(profiles.id));
  return rows.map(toProfile);
}

/** Moderation: an archived profile leaves the public lists and counts as none for posting and projects. */
export async function setProfileArchived(
  db: Db,
  grant: AdminGrant,
  input: { wallet: string; archive: boolean },
): Promise<{ profile: Profile; changed: boolean }> {
  return db.transaction(async (tx) => {
    await grant.consume(tx);
    const updated = await tx
      .update(profiles)
      .set({ archived: input.archive })
      .where(and(eq(profiles.wallet, input.wallet), ne(profiles.archived, input.archive)))
      .returning({ id: profiles.id });
    const [row] = await tx.select().from(profiles).where(eq(profiles.wallet, input.wallet));
    if (!row) throw notFound(messages.profile.notFound);
    return { profile: toProfile(row), changed: updated.length > 0 };
  });
}
