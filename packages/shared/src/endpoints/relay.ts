/** Gasless transfers (issue 14, EIP-3009): the treasury submits a holder's signed transfer authorization. */
import { defineEndpoint } from "../endpoint";
import {
  relayAllowanceSchema,
  relayResultSchema,
  relayTransferParamsSchema,
  relayTransferSchema,
  relayTransferStatusSchema,
} from "../gasless";

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
  transferStatus: defineEndpoint({
    method: "GET",
    path: "/api/relay/transfers/:hash",
    access: "public-read",
    tag: "relay",
    summary:
      "Where a relayed transfer stands, by the hash the relay answered: the transaction to wait for, which is another one if the treasury signed it again with a higher fee",
    params: relayTransferParamsSchema,
    response: relayTransferStatusSchema,
    errorStatuses: [400, 404],
  }),
  allowance: defineEndpoint({
    method: "GET",
    path: "/api/relay/allowance",
    access: "session-read",
    tag: "relay",
    summary:
      "The session wallet's gasless transfers left today, the class's, and whether the relay runs (paused: the treasury is down to its reserve)",
    response: relayAllowanceSchema,
    errorStatuses: [401],
  }),
} as const;
