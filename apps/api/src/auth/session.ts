/**
 * Server-side wallet sessions. The cookie carries a random 32-byte token; the database keeps only its
 * SHA-256, so a leaked database row cannot be replayed as a cookie.
 */
import { createHash, randomBytes } from "node:crypto";
import { SESSION_TTL_MS } from "@classcoin/shared/constants";
import { messages } from "@classcoin/shared/messages";
import { and, eq, gt, lt } from "drizzle-orm";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { Db } from "../db/client";
import { sessions } from "../db/schema";
import { forbidden, unauthorized } from "../http-errors";
import { isSecureSite, SECURE_SESSION_COOKIE, SESSION_COOKIE } from "./session-cookie";

const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

/** Several checks in one request (rate-limit key, handler) share one lookup. */
const lookups = new WeakMap<FastifyRequest, Promise<string | null>>();

async function findSessionWallet(db: Db, token: string): Promise<string | null> {
  const [row] = await db
    .select({ wallet: sessions.wallet })
    .from(sessions)
    .where(and(eq(sessions.tokenHash, hashToken(token)), gt(sessions.expiresAt, new Date())))
    .limit(1);
  return row?.wallet ?? null;
}

const cookieName = (secure: boolean) => (secure ? SECURE_SESSION_COOKIE : SESSION_COOKIE);

function sessionToken(request: FastifyRequest): string | null {
  // Only the name this site sets: on https a plain `classcoin_session` is someone else's.
  const token = request.cookies?.[cookieName(isSecureSite(request.server.deps.config))];
  // Tokens are 43 base64url characters; anything else cannot be ours and needs no database round trip.
  return token && /^[A-Za-z0-9_-]{43}$/.test(token) ? token : null;
}

/** The lowercased wallet of the request's valid, unexpired session, else null. */
export function getSessionWallet(request: FastifyRequest): Promise<string | null> {
  let lookup = lookups.get(request);
  if (!lookup) {
    const token = sessionToken(request);
    lookup = token ? findSessionWallet(request.server.deps.database.db, token) : Promise.resolve(null);
    lookups.set(request, lookup);
  }
  return lookup;
}

/** The session's wallet (lowercased), or 401: for the `session-read` routes, which answer about it alone. */
export async function requireSessionWallet(request: FastifyRequest): Promise<string> {
  const wallet = await getSessionWallet(request);
  if (!wallet) throw unauthorized(messages.auth.required);
  return wallet;
}

/** 401 without a session, 403 when the session's wallet is not the wallet the request acts as. */
export async function requireActingWallet(request: FastifyRequest, actingWallet: string): Promise<void> {
  const wallet = await getSessionWallet(request);
  if (!wallet) throw unauthorized(messages.auth.required);
  if (wallet !== actingWallet.trim().toLowerCase()) throw forbidden(messages.auth.wrongWallet);
}

/**
 * Stores a new session for `wallet` and sets its cookie on the reply. The session the browser held until now
 * (another wallet's, or this one's) ends: its cookie is replaced, and its row would otherwise stay valid for
 * its 7 days.
 */
export async function startSession(
  request: FastifyRequest,
  reply: FastifyReply,
  wallet: string,
  secure: boolean,
): Promise<void> {
  const { db } = request.server.deps.database;
  const token = randomBytes(32).toString("base64url");
  const now = new Date();
  const lowered = wallet.toLowerCase();
  const previous = sessionToken(request);
  if (previous) await db.delete(sessions).where(eq(sessions.tokenHash, hashToken(previous)));
  lookups.delete(request);
  // Expired sessions of this wallet go now, so the table does not grow with every sign-in.
  await db.delete(sessions).where(and(eq(sessions.wallet, lowered), lt(sessions.expiresAt, now)));
  await db.insert(sessions).values({
    tokenHash: hashToken(token),
    wallet: lowered,
    expiresAt: new Date(now.getTime() + SESSION_TTL_MS),
  });
  reply.setCookie(cookieName(secure), token, {
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    secure,
    maxAge: Math.floor(SESSION_TTL_MS / 1000),
  });
}

/** Deletes the request's session server-side (the cookie alone is then worthless) and clears the cookie. */
export async function endSession(request: FastifyRequest, reply: FastifyReply, secure: boolean): Promise<void> {
  const token = sessionToken(request);
  if (token) await request.server.deps.database.db.delete(sessions).where(eq(sessions.tokenHash, hashToken(token)));
  lookups.delete(request);
  reply.clearCookie(cookieName(secure), { httpOnly: true, sameSite: "lax", path: "/", secure });
}
