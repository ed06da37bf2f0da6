/** Awards (issue 14): the admin sends CC from the treasury to one student, with a note shown in the explorer. */
import { awardResultSchema, awardSchema } from "../treasury";
import { adminPostEndpoint } from "./admin-call";

export const awardAdminEndpoints = {
  award: adminPostEndpoint({
    path: "/api/admin/award",
    tag: "admin",
    summary: "Mint an award in CC to one student from the treasury, with a note (admin)",
    fields: awardSchema,
    response: awardResultSchema,
    errorStatuses: [404, 502],
  }),
} as const;
