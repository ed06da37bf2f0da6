/** Gasless transfers (issue 14, EIP-3009): the treasury submits a holder's signed transfer authorization. */
import { defineEndpoint } from "../endpoint";
import { relayResultSchema, relayTransferSchema } from "../gasless";

export const relayEndpoints = {
  transfer: defineEndpoint({
    method: "POST",
    path: "/api/relay/transfer",
    access: "session-write",
    tag: "relay",
    summary:
      "Submit a signed EIP-3009 transferWithAuthorization from the treasury, so the sender pays no gas (needs a session of from)",
    body: relayTransferSchema,
    response: relayResultSchema,
    errorStatuses: [400, 401, 403, 409, 429, 502, 503],
    // The leaderboard reads balances from the chain; the explorer follows when the indexer announces the transfer.
    invalidates: ["leaderboard"],
  }),
} as const;
