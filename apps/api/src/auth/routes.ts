import { authEndpoints } from "@classcoin/shared/endpoints/auth";
import { messages } from "@classcoin/shared/messages";
import type { FastifyPluginAsync } from "fastify";
import { registerEndpoint } from "../http/endpoint";
import { limits } from "../http/rate-limit";
import { unauthorized } from "../http-errors";
import { bindingForNewNonce, presentedBinding } from "./nonce-binding";
import { endSession, getSessionWallet, startSession } from "./session";
import { isSecureSite } from "./session-cookie";
import { newSessionLimiter } from "./session-limit";
import { issueNonce, verifySiwe } from "./siwe";

export const authRoutes: FastifyPluginAsync = async (app) => {
  const { database, chain, config } = app.deps;
  const secure = isSecureSite(config);
  const sessionLimit = newSessionLimiter(app);

  registerEndpoint(app, authEndpoints.nonce, {
    config: limits.signIn,
    async handler(request, reply) {
      reply.header("Cache-Control", "no-store");
      return { nonce: await issueNonce(database.db, bindingForNewNonce(request, reply, secure)) };
    },
  });

  registerEndpoint(app, authEndpoints.verify, {
    config: limits.signIn,
    async handler(request, reply) {
      const { message, signature } = request.body;
      await sessionLimit.check(request);
      const wallet = await verifySiwe(
        { db: database.db, chain, config, binding: presentedBinding(request) },
        message,
        signature as `0x${string}`,
      );
      await sessionLimit.count(request);
      await startSession(request, reply, wallet, secure);
      return { wallet };
    },
  });

  registerEndpoint(app, authEndpoints.me, {
    async handler(request, reply) {
      reply.header("Cache-Control", "no-store");
      const wallet = await getSessionWallet(request);
      if (!wallet) throw unauthorized(messages.auth.notSignedIn);
      return { wallet };
    },
  });

  // The browser's "is there a session?": a visitor without one is no error (no 401 in every console).
  registerEndpoint(app, authEndpoints.session, {
    async handler(request, reply) {
      reply.header("Cache-Control", "no-store");
      return { wallet: await getSessionWallet(request) };
    },
  });

  registerEndpoint(app, authEndpoints.logout, {
    async handler(request, reply) {
      await endSession(request, reply, secure);
      return { ok: true as const };
    },
  });
};
