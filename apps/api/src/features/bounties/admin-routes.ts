/** The admin's side of bounties (spec §4 "Bounties"): every bounty, create, edit, cross out, delete. */
import { adminSuccessMessages } from "@classcoin/shared/admin";
import { bountyAdminEndpoints } from "@classcoin/shared/endpoints/bounties";
import { messages } from "@classcoin/shared/messages";
import { adminGet, adminPost } from "../../auth/admin-route";
import { cancelBounty, completeBounty, reopenBounty } from "./lifecycle";
import { createBounty, deleteBounty, listBounties, setBountyCrossedOut, updateBounty } from "./service";

export const bountyAdminRoutes = [
  adminGet(bountyAdminEndpoints.list, async ({ deps, grant }) => {
    await grant.consume(deps.database.db);
    return listBounties(deps.database.db);
  }),
  adminPost(bountyAdminEndpoints.create, async ({ deps, grant, body }) => {
    const bounty = await createBounty(deps.database.db, grant, body);
    return { success: true as const, message: adminSuccessMessages.bountyCreated, bounty };
  }),
  adminPost(bountyAdminEndpoints.update, async ({ deps, grant, body }) => {
    const bounty = await updateBounty(deps.database.db, grant, body);
    return { success: true as const, message: adminSuccessMessages.bountyUpdated, bounty };
  }),
  adminPost(bountyAdminEndpoints.crossOut, async ({ deps, grant, body }) => {
    const bounty = await setBountyCrossedOut(deps.database.db, grant, body);
    return { success: true as const, message: adminSuccessMessages.bountyCrossedOut(body.crossOut), bounty };
  }),
  adminPost(bountyAdminEndpoints.delete, async ({ deps, grant, body }) => {
    await deleteBounty(deps.database.db, grant, body);
    return { success: true as const, message: adminSuccessMessages.bountyDeleted };
  }),
  adminPost(bountyAdminEndpoints.complete, async ({ deps, events, grant, body }) => {
    const { bounty, txHash, name } = await completeBounty(deps, grant, body);
    // Live updates: the student who completed it is notified (features/notifications).
    await events.publish({
      type: "bounty.completed",
      bountyId: bounty._id,
      wallet: body.wallet,
      title: bounty.title,
      reward: bounty.reward,
      txHash,
    });
    return { success: true as const, message: messages.treasury.bountyCompleted(name, bounty.reward), bounty, txHash };
  }),
  adminPost(bountyAdminEndpoints.cancel, async ({ deps, grant, body }) => {
    const bounty = await cancelBounty(deps.database.db, grant, body);
    return { success: true as const, message: messages.treasury.bountyCancelled, bounty };
  }),
  adminPost(bountyAdminEndpoints.reopen, async ({ deps, grant, body }) => {
    const bounty = await reopenBounty(deps.database.db, grant, body);
    return { success: true as const, message: messages.treasury.bountyReopened, bounty };
  }),
];
