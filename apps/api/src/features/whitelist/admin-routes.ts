/** The whitelist and whitelist mode (spec §3 "Settings", §4), both the admin's. */
import { adminSuccessMessages } from "@classcoin/shared/admin";
import { whitelistAdminEndpoints } from "@classcoin/shared/endpoints/whitelist";
import { adminGet, adminPost } from "../../auth/admin-route";
import { addToWhitelist, listWhitelist, readSettings, removeFromWhitelist, setWhitelistMode } from "./service";

export const whitelistAdminRoutes = [
  adminGet(whitelistAdminEndpoints.settings, async ({ deps, grant }) => {
    await grant.consume(deps.database.db);
    return readSettings(deps.database.db);
  }),
  adminPost(whitelistAdminEndpoints.updateSettings, async ({ deps, grant, body }) => {
    const settings = await setWhitelistMode(deps.database.db, grant, body.value);
    return { success: true as const, message: adminSuccessMessages.whitelistMode(body.value), settings };
  }),
  adminGet(whitelistAdminEndpoints.list, async ({ deps, grant }) => {
    await grant.consume(deps.database.db);
    return listWhitelist(deps.database.db);
  }),
  adminPost(whitelistAdminEndpoints.add, async ({ deps, grant, body }) => {
    const entry = await addToWhitelist(deps.database.db, grant, body);
    return { success: true as const, message: adminSuccessMessages.walletAdded, entry };
  }),
  adminPost(whitelistAdminEndpoints.remove, async ({ deps, grant, body }) => {
    await removeFromWhitelist(deps.database.db, grant, body);
    return { success: true as const, message: adminSuccessMessages.walletRemoved };
  }),
];
