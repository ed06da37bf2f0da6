import { profileEndpoints } from "@classcoin/shared/endpoints/profiles";
import { messages } from "@classcoin/shared/messages";
import { walletSchema } from "@classcoin/shared/primitives";
import { profileFieldsSchema, validateProfileFields } from "@classcoin/shared/profiles";
import type { FastifyPluginAsync, FastifyRequest } from "fastify";
import { getSessionWallet, requireActingWallet } from "../../auth/session";
import { requireMinBalance } from "../../chain/balances";
import type { AppDeps } from "../../deps";
import { registerEndpoint } from "../../http/endpoint";
import { limits } from "../../http/rate-limit";
import { conflict, forbidden, unauthorized, validationFailed } from "../../http-errors";
import { readMultipartForm } from "../images/multipart";
import { storeImage } from "../images/service";
import { mayCreateProfile } from "../whitelist/service";
import { refuseConfusableName } from "./confusable-names";
import { findProfile, getActiveProfile, insertProfile, listProfiles, profileStatus, updateProfile } from "./service";

/** Reads the form, checks the acting wallet's session and the fields; the photo is stored last. */
async function readProfileForm(request: FastifyRequest) {
  // Refuse before reading an upload (up to 5 MB) that could never be accepted, as projects and the Feed do.
  if (!(await getSessionWallet(request))) throw unauthorized(messages.auth.required);
  const form = await readMultipartForm(request);
  const wallet = walletSchema.safeParse(form.fields.wallet ?? "");
  if (!wallet.success) throw validationFailed(wallet.error.issues.map((i) => i.message));
  await requireActingWallet(request, wallet.data);
  return { wallet: wallet.data, form };
}

async function storePhoto(deps: AppDeps, file: { bytes: Buffer } | undefined): Promise<string | undefined> {
  return file ? storeImage(deps.database.db, file.bytes, "photo") : undefined;
}

export const profileRoutes: FastifyPluginAsync = async (app) => {
  const { deps } = app;
  const { db } = deps.database;

  registerEndpoint(app, profileEndpoints.list, { handler: async (request) => listProfiles(db, request.query) });

  registerEndpoint(app, profileEndpoints.get, {
    handler: async (request) => getActiveProfile(db, request.params.wallet),
  });

  registerEndpoint(app, profileEndpoints.status, {
    handler: async (request) => profileStatus(db, request.params.wallet),
  });

  registerEndpoint(app, profileEndpoints.create, {
    config: limits.upload,
    async handler(request) {
      const { wallet, form } = await readProfileForm(request);
      // Checked first so a second create says why, rather than asking for coins or a whitelist entry.
      if (await findProfile(db, wallet)) throw conflict(messages.profile.exists);
      if (!(await mayCreateProfile(db, wallet, deps.config.whitelistModeDefault))) {
        throw forbidden(messages.profile.whitelist);
      }
      const errors = validateProfileFields(form.fields);
      await requireMinBalance(deps, wallet, messages.profile.balance, errors);
      if (errors.length > 0) throw validationFailed(errors);
      const fields = profileFieldsSchema.parse(form.fields);
      await refuseConfusableName(db, wallet, fields.name);
      const photo = await storePhoto(deps, form.file);
      const profile = await insertProfile(db, wallet, fields, photo ?? null);
      await app.events.publish({ type: "profile.changed", wallet: profile.wallet });
      return profile;
    },
  });

  registerEndpoint(app, profileEndpoints.update, {
    config: limits.upload,
    async handler(request) {
      const { wallet, form } = await readProfileForm(request);
      await getActiveProfile(db, wallet);
      const errors = validateProfileFields(form.fields);
      if (errors.length > 0) throw validationFailed(errors);
      const fields = profileFieldsSchema.parse(form.fields);
      await refuseConfusableName(db, wallet, fields.name);
      const profile = await updateProfile(db, wallet, fields, await storePhoto(deps, form.file));
      await app.events.publish({ type: "profile.changed", wallet: profile.wallet });
      return profile;
    },
  });
};
