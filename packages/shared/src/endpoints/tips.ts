/** Tips (spec §7 `POST /api/projects/send-coin`): recording an on-chain ClassCoin transfer to a project. */
import { defineEndpoint } from "../endpoint";
import { sendCoinResultSchema, sendCoinSchema } from "../tips";

export const tipEndpoints = {
  sendCoin: defineEndpoint({
    method: "POST",
    path: "/api/projects/send-coin",
    access: "session-write",
    tag: "projects",
    summary: "Record an on-chain ClassCoin tip to a project (needs a session of fromWallet)",
    body: sendCoinSchema,
    response: sendCoinResultSchema,
    errorStatuses: [400, 401, 403, 404, 409, 429],
  }),
} as const;
