import {
  logoutResponseSchema,
  sessionResponseSchema,
  siweNonceResponseSchema,
  siweVerifyRequestSchema,
} from "@classcoin/shared/auth";
import { messages } from "@classcoin/shared/messages";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { limits } from "../http/rate-limit";
import { unauthorized } from "../http-errors";
import { endSession, getSessionWallet, startSession } from "./session";
import { issueNonce, verifySiwe } from "./siwe";

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const { database, chain, config } = app.deps;
  const secure = new URL(config.publicUrl).protocol === "https:";

  app.get(
    "/auth/nonce",
    {
      config: limits.signIn,
      schema: {
        tags: ["auth"],
        summary: "A one-time nonce for a Sign-In with Ethereum (EIP-4361) message",
        response: { 200: siweNonceResponseSchema },
      },
    },
    async (_request, reply) => {
      reply.header("Cache-Control", "no-store");
      return { nonce: await issueNonce(database.db) };
    },
  );

  app.post(
    "/auth/verify",
    {
      config: limits.signIn,
      schema: {
        tags: ["auth"],
        summary: "Check a signed EIP-4361 message and open a wallet session (httpOnly cookie)",
        body: siweVerifyRequestSchema,
        response: { 200: sessionResponseSchema },
      },
    },
    async (request, reply) => {
      const { message, signature } = request.body;
      const wallet = await verifySiwe({ db: database.db, chain, config }, message, signature as `0x${string}`);
      await startSession(database.db, reply, wallet, secure);
      return { wallet };
    },
  );

  app.get(
    "/auth/me",
    { schema: { tags: ["auth"], summary: "The signed-in wallet, or 401", response: { 200: sessionResponseSchema } } },
    async (request, reply) => {
      reply.header("Cache-Control", "no-store");
      const wallet = await getSessionWallet(request);
      if (!wallet) throw unauthorized(messages.auth.notSignedIn);
      return { wallet };
    },
  );

  app.post(
    "/auth/logout",
    {
      schema: {
        tags: ["auth"],
        summary: "End the session server-side and clear its cookie",
        response: { 200: logoutResponseSchema },
      },
    },
    async (request, reply) => {
      await endSession(request, reply, secure);
      return { ok: true as const };
    },
  );
};
