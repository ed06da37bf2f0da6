import { adminSuccessMessages, adminSuccessSchema, updateSettingSchema } from "@classcoin/shared/admin";
import { settingsSchema } from "@classcoin/shared/entities";
import { adminGet, adminPost } from "../admin-route";
import { readSettings, setWhitelistMode } from "./service";

export const settingsRoutes = [
  adminGet("/settings/:wallet", {
    summary: "Site settings: whitelist mode (admin)",
    response: settingsSchema,
    async handler({ deps, grant }) {
      await grant.consume(deps.database.db);
      return readSettings(deps.database.db);
    },
  }),
  adminPost("/settings", {
    summary: "Turn whitelist mode on or off (admin)",
    body: updateSettingSchema,
    response: adminSuccessSchema.extend({ settings: settingsSchema }),
    async handler({ deps, grant, body }) {
      const settings = await setWhitelistMode(deps.database.db, grant, body.value);
      return { success: true as const, message: adminSuccessMessages.whitelistMode(body.value), settings };
    },
  }),
];
