import { profileSchema } from "@classcoin/shared/entities";
import { messages } from "@classcoin/shared/messages";
import { walletSchema } from "@classcoin/shared/primitives";
import { profileFieldsSchema, profileParamsSchema, validateProfileFields } from "@classcoin/shared/profiles";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppDeps } from "../../app";
import { requireActingWallet } from "../../auth/session";
import { hasMinBalance } from "../../chain/token";
import { limits } from "../../http/rate-limit";
import { conflict, forbidden, validationFailed } from "../../http-errors";
import { readMultipartForm } from "../images/multipart";
import { storeImage } from "../images/service";
import {
  findProfile,
  getActiveProfile,
  insertProfile,
  isWhitelisted,
  isWhitelistMode,
  listProfiles,
  updateProfile,
} from "./service";

/** Reads the form, checks the acting wallet's session and the fields; the photo is stored last. */
async function readProfileForm(request: FastifyRequest) {
  const form = await readMultipartForm(request);
  const wallet = walletSchema.safeParse(form.fields.wallet ?? "");
  if (!wallet.success) throw validationFailed(wallet.error.issues.map((i) => i.message));
  await requireActingWallet(request, wallet.data);
  return { wallet: wallet.data, form };
}

async function storePhoto(deps: AppDeps, file: { bytes: Buffer } | undefined): Promise<string | undefined> {
  return file ? storeImage(deps.database.db, file.bytes, "photo") : undefined;
}

export const profileRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  const { db } = deps.database;

  app.get(
    "/profiles",
    {
      schema: {
        tags: ["profiles"],
        summary: "Active profiles, newest first",
        response: { 200: z.array(profileSchema) },
      },
    },
    async () => listProfiles(db),
  );

  app.get(
    "/profiles/:wallet",
    {
      schema: {
        tags: ["profiles"],
        summary: "One active profile; 404 when none",
        params: profileParamsSchema,
        response: { 200: profileSchema },
      },
    },
    async (request) => getActiveProfile(db, request.params.wallet),
  );

  app.post(
    "/profiles",
    {
      config: limits.upload,
      schema: {
        tags: ["profiles"],
        summary: "Create a profile (multipart: wallet, name, birthday, starSign, balance, optional photo)",
        consumes: ["multipart/form-data"],
        response: { 201: profileSchema },
      },
    },
    async (request, reply) => {
      const { wallet, form } = await readProfileForm(request);
      // Checked first so a second create says why, rather than asking for coins or a whitelist entry.
      if (await findProfile(db, wallet)) throw conflict(messages.profile.exists);
      if ((await isWhitelistMode(db)) && !(await isWhitelisted(db, wallet)))
        throw forbidden(messages.profile.whitelist);
      const errors = validateProfileFields(form.fields);
      if (!(await hasMinBalance(deps, wallet))) errors.push(messages.profile.balance);
      if (errors.length > 0) throw validationFailed(errors);
      const fields = profileFieldsSchema.parse(form.fields);
      const photo = await storePhoto(deps, form.file);
      return reply.status(201).send(await insertProfile(db, wallet, fields, photo ?? null));
    },
  );

  app.post(
    "/profiles/update",
    {
      config: limits.upload,
      schema: {
        tags: ["profiles"],
        summary: "Update one's profile (same form; the photo is optional)",
        consumes: ["multipart/form-data"],
        response: { 200: profileSchema },
      },
    },
    async (request) => {
      const { wallet, form } = await readProfileForm(request);
      await getActiveProfile(db, wallet);
      const errors = validateProfileFields(form.fields);
      if (errors.length > 0) throw validationFailed(errors);
      const fields = profileFieldsSchema.parse(form.fields);
      return updateProfile(db, wallet, fields, await storePhoto(deps, form.file));
    },
  );
};
