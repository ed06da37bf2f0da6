/**
 * Site settings (spec §3 "Settings"). Whitelist mode lives in the `settings` table under "whitelistMode"
 * (a JSON boolean; absent = off), which profile creation reads (profiles/service.ts `isWhitelistMode`).
 */
import type { Settings } from "@classcoin/shared/entities";
import type { AdminGrant } from "../../../auth/admin";
import type { Db } from "../../../db/client";
import { settings } from "../../../db/schema";
import { isWhitelistMode } from "../../profiles/service";

export const WHITELIST_MODE_KEY = "whitelistMode";

export async function readSettings(db: Db): Promise<Settings> {
  return { whitelistMode: await isWhitelistMode(db) };
}

export async function setWhitelistMode(db: Db, grant: AdminGrant, enabled: boolean): Promise<Settings> {
  await db.transaction(async (tx) => {
    await grant.consume(tx);
    await tx
      .insert(settings)
      .values({ key: WHITELIST_MODE_KEY, value: enabled })
      .onConflictDoUpdate({ target: settings.key, set: { value: enabled } });
  });
  return { whitelistMode: enabled };
}
