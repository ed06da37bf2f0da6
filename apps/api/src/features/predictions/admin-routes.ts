/** The admin's side of predictions: every round with its predictions, and opening or closing one. */
import { adminSuccessMessages } from "@classcoin/shared/admin";
import { predictionAdminEndpoints } from "@classcoin/shared/endpoints/predictions";
import { adminGet, adminPost } from "../../auth/admin-route";
import { listRounds, setRound } from "./service";

export const predictionAdminRoutes = [
  adminGet(predictionAdminEndpoints.list, async ({ deps, grant }) => {
    await grant.consume(deps.database.db);
    return listRounds(deps.database.db);
  }),
  adminPost(predictionAdminEndpoints.setRound, async ({ deps, events, grant, body }) => {
    const round = await setRound(deps.database.db, grant, body);
    await events.publish({ type: "prediction.changed", projectNumber: round.projectNumber });
    return {
      success: true as const,
      message: adminSuccessMessages.predictionsOpen(body.projectNumber, body.open),
      round,
    };
  }),
];
