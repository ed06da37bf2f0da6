import {
  addWhitelistSchema,
  adminSuccessMessages,
  adminSuccessSchema,
  removeWhitelistSchema,
} from "@classcoin/shared/admin";
import { whitelistEntrySchema } from "@classcoin/shared/entities";
import { z } from "zod";
import { adminGet, adminPost } from "../admin-route";
import { addToWhitelist, listWhitelist, removeFromWhitelist } from "./service";

export const whitelistRoutes = [
  adminGet("/whitelist/:wallet", {
    summary: "Whitelisted wallets (admin)",
    response: z.array(whitelistEntrySchema),
    async handler({ deps, grant }) {
      await grant.consume(deps.database.db);
      return listWhitelist(deps.database.db);
    },
  }),
  adminPost("/whitelist/add", {
    summary: "Add a wallet to the whitelist (admin)",
    body: addWhitelistSchema,
    response: adminSuccessSchema.extend({ entry: whitelistEntrySchema }),
    async handler({ deps, grant, body }) {
      const entry = await addToWhitelist(deps.database.db, grant, body);
      return { success: true as const, message: adminSuccessMessages.walletAdded, entry };
    },
  }),
  adminPost("/whitelist/remove", {
    summary: "Remove a wallet from the whitelist (admin)",
    body: removeWhitelistSchema,
    response: adminSuccessSchema,
    async handler({ deps, grant, body }) {
      await removeFromWhitelist(deps.database.db, grant, body);
      return { success: true as const, message: adminSuccessMessages.walletRemoved };
    },
  }),
];
