/** The admin's awards (issue 14): CC from the treasury to one student, with a note. */
import { awardAdminEndpoints } from "@classcoin/shared/endpoints/awards";
import { messages } from "@classcoin/shared/messages";
import { adminPost } from "../../auth/admin-route";
import { awardStudent } from "./service";

export const awardAdminRoutes = [
  adminPost(awardAdminEndpoints.award, async ({ deps, events, grant, body }) => {
    // The hash as soon as there is one, for the admin's page to show while the block is waited for; the
    // answer below stays the one that says the award arrived.
    const award = await awardStudent(deps, grant, body, (txHash) =>
      events.publish({
        type: "award.sent",
        adminWallet: deps.config.adminWallet.toLowerCase(),
        awardId: body.awardId ?? null,
        txHash,
      }),
    );
    // Live updates: the student is notified (features/notifications).
    await events.publish({
      type: "award",
      wallet: award.wallet,
      amount: award.amount,
      note: award.note,
      txHash: award.txHash,
    });
    return { success: true as const, message: messages.treasury.awarded(award.amount, award.name), award };
  }),
];
