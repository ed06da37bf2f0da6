/**
 * Binds a SIWE nonce to the client that asked for it, so a nonce (and a message signed over it) can only be
 * redeemed there. A browser gets a random `classcoin_client` cookie with its first nonce (kept for 30 days
 * and reused, so two tabs signing in at once both work); the nonce row keeps the cookie's SHA-256 and the
 * requesting IP. At verify, a request with the cookie must match the hash (a browser that moved to another
 * network still signs in); a request without it (curl, a script) must come from the same IP.
 */
import { createHash, randomBytes } from "node:crypto";
import type { FastifyReply, FastifyRequest } from "fastify";

export const CLIENT_COOKIE = "classcoin_client";
const CLIENT_COOKIE_MAX_AGE_S = 30 * 24 * 60 * 60;

export interface NonceBinding {
  /** SHA-256 of the client cookie, or null when the request carried none. */
  clientHash: string | null;
  ip: string;
}

const hash = (token: string) => createHash("sha256").update(token).digest("hex");

function clientToken(request: FastifyRequest): string | null {
  const token = request.cookies?.[CLIENT_COOKIE];
  return token && /^[A-Za-z0-9_-]{43}$/.test(token) ? token : null;
}

/** The binding of a nonce being issued; sets the client cookie when the browser has none yet. */
export function bindingForNewNonce(request: FastifyRequest, reply: FastifyReply, secure: boolean): NonceBinding {
  let token = clientToken(request);
  if (!token) {
    token = randomBytes(32).toString("base64url");
    reply.setCookie(CLIENT_COOKIE, token, {
      httpOnly: true,
      sameSite: "strict",
      path: "/api/auth",
      secure,
      maxAge: CLIENT_COOKIE_MAX_AGE_S,
    });
  }
  return { clientHash: hash(token), ip: request.ip };
}

/** The binding a verify request presents. */
export function presentedBinding(request: FastifyRequest): NonceBinding {
  const token = clientToken(request);
  return { clientHash: token ? hash(token) : null, ip: request.ip };
}
