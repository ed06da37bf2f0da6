/** The admin's awards (issue 14): CC from the treasury to one student, with a note. */
import { awardAdminEndpoints } from "@classcoin/shared/endpoints/awards";
import { messages } from "@classcoin/shared/messages";
import { adminPost } from "../../auth/admin-route";
import { awardStudent } from "./service";

export const awardAdminRoutes = [
  adminPost(awardAdminEndpoints.award, async ({ deps, events, grant, body }) => {
    const award = await awardStudent(deps, grant, body);
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
