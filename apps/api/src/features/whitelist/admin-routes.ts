/** The whitelist and whitelist mode (spec §3 "Settings", §4), both the admin's. */
import { adminSuccessMessages } from "@classcoin/shared/admin";
import { whitelistAdminEndpoints } from "@classcoin/shared/endpoints/whitelist";
import type { WhitelistEntry } from "@classcoin/shared/entities";
import { messages } from "@classcoin/shared/messages";
import type { WelcomeGrant } from "@classcoin/shared/treasury";
import { adminGet, adminPost } from "../../auth/admin-route";
import type { EventBus } from "../../events/bus";
import { HttpError } from "../../http-errors";
import { sendGrantOfListedWallet } from "./add-again";
import { addRoster } from "./roster";
import { addToWhitelist, listWhitelist, readSettings, removeFromWhitelist, setWhitelistMode } from "./service";
import { claimWelcomeGrants, sendWelcomeGrantsAfterAdding } from "./welcome-grant";

/**
 * The students whose welcome grant was just mined see their CC at once: their open tabs read their balance
 * again (on Sepolia they otherwise wait for the indexer's confirmations or the minute's fallback read, while the
 * page tells them they need CC to take part).
 */
async function announcePaidGrants(events: EventBus, grants: readonly (WelcomeGrant | null)[]): Promise<void> {
  const wallets = grants.flatMap((g) => (g?.state === "paid" ? [g.wallet] : []));
  if (wallets.length > 0) await events.publish({ type: "balances", wallets }).catch(() => {});
}

export const whitelistAdminRoutes = [
  adminGet(whitelistAdminEndpoints.settings, async ({ deps, grant }) => {
    await grant.consume(deps.database.db);
    return readSettings(deps.database.db, deps.config.whitelistModeDefault);
  }),
  adminPost(whitelistAdminEndpoints.updateSettings, async ({ deps, grant, body }) => {
    const settings = await setWhitelistMode(deps.database.db, grant, body.value);
    return { success: true as const, message: adminSuccessMessages.whitelistMode(body.value), settings };
  }),
  adminGet(whitelistAdminEndpoints.list, async ({ deps, grant }) => {
    await grant.consume(deps.database.db);
    return listWhitelist(deps.database.db);
  }),
  adminPost(whitelistAdminEndpoints.add, async ({ deps, events, grant, body }) => {
    let entry: WhitelistEntry;
    try {
      entry = await addToWhitelist(deps.database.db, grant, body, (tx, wallet) =>
        claimWelcomeGrants(tx, deps, [wallet]),
      );
    } catch (error) {
      // Already listed: its welcome grant's unfinished part is sent, as the grant's text advises (add-again.ts).
      if (!(error instanceof HttpError && error.statusCode === 409)) throw error;
      const again = await sendGrantOfListedWallet(deps, grant, body.wallet);
      if (!again) throw error;
      // ETH skipped again (the treasury is still short): said as such, not as sent.
      const stillShort = again.grant?.ethSkipped === messages.treasury.welcomeEthSkippedNoFunds;
      const said = stillShort
        ? messages.treasury.welcomeGrantEthStillShort
        : again.sentNow
          ? messages.treasury.welcomeGrantSentAgain
          : messages.treasury.welcomeGrantUnderWay;
      const message = [said, again.notSent].filter(Boolean).join(" ");
      await announcePaidGrants(events, [again.grant]);
      return { success: true as const, message, entry: again.entry, grant: again.grant };
    }
    const { grants, notSent } = await sendWelcomeGrantsAfterAdding(deps, [entry.wallet]);
    const message = notSent ? `${adminSuccessMessages.walletAdded}. ${notSent}` : adminSuccessMessages.walletAdded;
    await announcePaidGrants(events, grants);
    return { success: true as const, message, entry, grant: grants[0] ?? null };
  }),
  adminPost(whitelistAdminEndpoints.addMany, async ({ deps, events, grant, body }) => {
    const result = await addRoster(deps, grant, body.list);
    await announcePaidGrants(events, result.grants);
    return result;
  }),
  adminPost(whitelistAdminEndpoints.remove, async ({ deps, grant, body }) => {
    await removeFromWhitelist(deps.database.db, grant, body);
    return { success: true as const, message: adminSuccessMessages.walletRemoved };
  }),
];
