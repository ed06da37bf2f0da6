/**
 * Admin reads by session (issue 14): once the admin has signed in with SIWE, an admin GET that carries no
 * signed message is authorised by that session (its wallet is the admin wallet, as is the path's wallet).
 * Reads change nothing, so nothing is recorded; every write still needs its own signed message, used once
 * (admin.ts). A GET that does carry a message is checked as the spec says, session or not.
 */
import { adminAction } from "@classcoin/shared/admin";
import type { FastifyRequest } from "fastify";
import type { AdminGrant } from "./admin";
import { getSessionWallet } from "./session";

/** The grant of an admin read made with the admin's session, or null (then the signed-message check runs). */
export async function adminSessionReadGrant(
  request: FastifyRequest,
  routePath: string,
  adminWallet: string,
): Promise<AdminGrant | null> {
  const query = (request.query ?? {}) as Record<string, unknown>;
  if (query.message !== undefined || query.signature !== undefined) return null;
  const admin = adminWallet.toLowerCase();
  const pathWallet = (request.params as Record<string, unknown> | undefined)?.wallet;
  if (typeof pathWallet !== "string" || pathWallet.toLowerCase() !== admin) return null;
  if ((await getSessionWallet(request)) !== admin) return null;
  return {
    action: adminAction("GET", routePath),
    replayKey: "session",
    async consume() {
      // A read by session records nothing: there is no message to spend.
    },
  };
}
