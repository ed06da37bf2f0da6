/**
 * Names that look like another member's. "Ben Оkafor" with a Cyrillic О renders exactly like "Ben Okafor";
 * so do "Ben 0kafor" and "Βen Okafor" (Greek capital beta). A name is refused when its Unicode skeleton
 * (UTS #39: NFD, default-ignorable code points removed, each character mapped by Unicode's confusables.txt,
 * NFD again) equals that of another member's name, as written or lowercased (so "ben okafor" is taken too,
 * without "Ian" and "Lan" colliding through the I→l mapping). The mapping comes from `unhomoglyph`
 * (confusables.txt 13.0, MIT, no dependencies).
 *
 * Names are compared in memory: a class has tens to hundreds of profiles. The check is made again where the
 * profile is written, under a lock (profiles/service.ts `withNameHeld`), so two confusable names sent at the
 * same moment cannot both be stored.
 */
import { messages } from "@classcoin/shared/messages";
import { cleanName } from "@classcoin/shared/text";
import { ne } from "drizzle-orm";
import unhomoglyph from "unhomoglyph";
import type { Db, Tx } from "../../db/client";
import { profiles } from "../../db/schema";
import { validationFailed } from "../../http-errors";

const DEFAULT_IGNORABLE = /\p{Default_Ignorable_Code_Point}/gu;

/** The UTS #39 skeleton of a string. */
export function skeleton(text: string): string {
  return unhomoglyph(text.normalize("NFD").replace(DEFAULT_IGNORABLE, "")).normalize("NFD");
}

/** The keys two names must not share: the skeleton of the cleaned name as written and lowercased. */
export function nameKeys(name: string): [string, string] {
  const clean = cleanName(name);
  return [skeleton(clean), skeleton(clean.toLowerCase())];
}

/** Whether two names would look alike to a reader. */
export function confusableNames(a: string, b: string): boolean {
  const [aCase, aLower] = nameKeys(a);
  const [bCase, bLower] = nameKeys(b);
  return aCase === bCase || aLower === bLower;
}

/** 400 with a message saying what to do when `name` looks like the name of a profile of another wallet. */
export async function refuseConfusableName(db: Db | Tx, wallet: string, name: string): Promise<void> {
  const others = await db
    .select({ name: profiles.name })
    .from(profiles)
    .where(ne(profiles.wallet, wallet.toLowerCase()));
  const lookalike = others.find((other) => confusableNames(name, other.name));
  if (lookalike) throw validationFailed([messages.profile.nameConfusable(lookalike.name)]);
}
