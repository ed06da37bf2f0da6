/** The admin's side of profiles (spec §4 "Profiles"): every profile, and archiving or restoring one. */
import { adminSuccessMessages } from "@classcoin/shared/admin";
import { profileAdminEndpoints } from "@classcoin/shared/endpoints/profiles";
import { adminGet, adminPost } from "../../auth/admin-route";
import { announceModeration } from "../../events/moderation";
import { listAllProfiles, setProfileArchived } from "./service";

export const profileAdminRoutes = [
  adminGet(profileAdminEndpoints.list, async ({ deps, grant }) => {
    await grant.consume(deps.database.db);
    return listAllProfiles(deps.database.db);
  }),
  adminPost(profileAdminEndpoints.archive, async ({ deps, events, grant, body }) => {
    const { profile, changed } = await setProfileArchived(deps.database.db, grant, body);
    await announceModeration(
      events,
      { entity: "profile", id: profile._id, wallet: profile.wallet, hidden: profile.archived },
      changed,
    );
    return { success: true as const, message: adminSuccessMessages.profileArchived(body.archive), profile };
  }),
];
