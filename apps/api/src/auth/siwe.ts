/**
 * Sign-In with Ethereum (EIP-4361): nonces issued and consumed once, and the checks a signed message must
 * pass before it opens a session. Every refusal says what was wrong, so a user (or developer) can fix it.
 */
import { SIWE_MAX_AGE_MS } from "@classcoin/shared/constants";
import { messages } from "@classcoin/shared/messages";
import { and, eq, isNull, lt, or, sql } from "drizzle-orm";
import { isAddressEqual, type PublicClient, recoverMessageAddress } from "viem";
import { generateSiweNonce, parseSiweMessage } from "viem/siwe";
import type { Config } from "../config";
import type { Db } from "../db/client";
import { siweNonces } from "../db/schema";
import { unauthorized } from "../http-errors";
import type { NonceBinding } from "./nonce-binding";
import { startsLikeSiwe, unexpectedSiweLine } from "./siwe-layout";

/** Tolerated clock difference between the signer's device and the server. */
const CLOCK_SKEW_MS = 60_000;

/**
 * A nonce's age is the database's, as `created_at` is written: by an instance's own clock, one running ahead
 * deleted as expired the nonces other instances had just issued, and their students' sign-ins were refused.
 */
const olderThan = (ms: number) => sql`now() - make_interval(secs => ${ms / 1000})`;
const freshNonce = sql<boolean>`(${siweNonces.createdAt} > ${olderThan(SIWE_MAX_AGE_MS + CLOCK_SKEW_MS)})`;

/** Issues a nonce bound to the client that asked (nonce-binding.ts); unbound only for direct callers. */
export async function issueNonce(db: Db, binding?: NonceBinding): Promise<string> {
  const nonce = generateSiweNonce();
  // Unused nonces die with their sign-in window; dropping them here keeps the table small without a job.
  await db.delete(siweNonces).where(lt(siweNonces.createdAt, olderThan(SIWE_MAX_AGE_MS)));
  await db.insert(siweNonces).values({ nonce, clientHash: binding?.clientHash ?? null, ip: binding?.ip ?? null });
  return nonce;
}

type NonceUse = "ok" | "unknown" | "elsewhere";

/**
 * Deletes the nonce if the presenting client is the one it was issued to, and reports whether it existed,
 * was fresh and was theirs; two racing uses cannot both win. A nonce presented by another client stays,
 * so a stranger who learns it cannot spoil the real sign-in.
 */
async function consumeNonce(db: Db, nonce: string, binding: NonceBinding | undefined): Promise<NonceUse> {
  const theirs = !binding
    ? undefined
    : binding.clientHash
      ? or(isNull(siweNonces.clientHash), eq(siweNonces.clientHash, binding.clientHash))
      : or(isNull(siweNonces.ip), eq(siweNonces.ip, binding.ip));
  const rows = await db
    .delete(siweNonces)
    .where(and(eq(siweNonces.nonce, nonce), theirs))
    .returning({ fresh: freshNonce });
  const row = rows[0];
  if (row) return row.fresh ? "ok" : "unknown";
  const [other] = await db.select({ nonce: siweNonces.nonce }).from(siweNonces).where(eq(siweNonces.nonce, nonce));
  return other ? "elsewhere" : "unknown";
}

/** What `consumeNonce` would answer, without consuming the nonce. */
async function nonceUse(db: Db, nonce: string, binding: NonceBinding | undefined): Promise<NonceUse> {
  const rows = await db
    .select({ fresh: freshNonce, clientHash: siweNonces.clientHash, ip: siweNonces.ip })
    .from(siweNonces)
    .where(eq(siweNonces.nonce, nonce));
  const row = rows[0];
  if (!row) return "unknown";
  const theirs =
    !binding ||
    (binding.clientHash
      ? row.clientHash === null || row.clientHash === binding.clientHash
      : row.ip === null || row.ip === binding.ip);
  if (!theirs) return "elsewhere";
  return row.fresh ? "ok" : "unknown";
}

/**
 * A plain key's signature is recovered locally (no RPC call); anything else goes to `verifyMessage`, which
 * also accepts smart-contract wallets (ERC-1271 / ERC-6492).
 */
async function signedBy(
  chain: PublicClient,
  address: `0x${string}`,
  message: string,
  signature: `0x${string}`,
): Promise<boolean> {
  try {
    if (isAddressEqual(await recoverMessageAddress({ message, signature }), address)) return true;
  } catch {
    // Not a plain ECDSA signature.
  }
  return chain.verifyMessage({ address, message, signature }).catch((error: unknown) => {
    if (isChainUnavailable(error)) throw error;
    return false;
  });
}

export interface SiweCheckContext {
  db: Db;
  chain: PublicClient;
  config: Pick<Config, "publicUrl" | "chainId" | "chain">;
  /** Who presents the message: the nonce must have been issued to them. */
  binding?: NonceBinding;
  now?: Date;
}

/** Checks a signed SIWE message; returns the signer's lowercased wallet or throws 401 saying why. */
export async function verifySiwe(
  context: SiweCheckContext,
  message: string,
  signature: `0x${string}`,
): Promise<string> {
  const { db, chain, config } = context;
  const now = context.now ?? new Date();
  const site = new URL(config.publicUrl);
  // Strict layout first: no repeated, unknown or misplaced line reaches the field parser (siwe-layout.ts).
  if (!startsLikeSiwe(message)) throw unauthorized(messages.auth.siweMalformed);
  const unexpected = unexpectedSiweLine(message);
  if (unexpected !== null) throw unauthorized(messages.auth.siweUnexpectedLine(unexpected));
  const fields = parseSiweMessage(message);
  const { address, domain, chainId, uri, nonce, issuedAt, version } = fields;
  if (!address || !domain || !chainId || !uri || !nonce || !issuedAt || version !== "1") {
    throw unauthorized(messages.auth.siweMalformed);
  }
  const origin = expectedOrigin(config, site, domain);
  if (!origin) throw unauthorized(messages.auth.siweDomain(site.host));
  if (!sameOrigin(uri, origin) || (fields.scheme && `${fields.scheme}:` !== new URL(origin).protocol)) {
    throw unauthorized(messages.auth.siweUri(origin));
  }
  if (chainId !== config.chainId) throw unauthorized(messages.auth.siweChain(config.chainId));
  const issued = issuedAt.getTime();
  // A date-time in form that is no date (month 13): an invalid date compares false with everything.
  const times = [issuedAt, fields.expirationTime, fields.notBefore];
  if (times.some((time) => time !== undefined && Number.isNaN(time.getTime()))) {
    throw unauthorized(messages.auth.siweMalformed);
  }
  if (now.getTime() - issued > SIWE_MAX_AGE_MS) throw unauthorized(messages.auth.siweExpired);
  if (issued - now.getTime() > CLOCK_SKEW_MS) throw unauthorized(messages.auth.siweIssuedInFuture);
  if (fields.expirationTime && fields.expirationTime.getTime() <= now.getTime()) {
    throw unauthorized(messages.auth.siweExpired);
  }
  if (fields.notBefore && fields.notBefore.getTime() - now.getTime() > CLOCK_SKEW_MS) {
    throw unauthorized(messages.auth.siweNotYetValid);
  }

  // The nonce before the signature: a signature that is not a plain key's costs an RPC call (metered by the
  // provider), and only a client holding a nonce of its own (issued at a rate-limited pace) gets that far.
  const usable = await nonceUse(db, nonce, context.binding);
  if (usable === "elsewhere") throw unauthorized(messages.auth.siweNonceElsewhere);
  if (usable !== "ok") throw unauthorized(messages.auth.siweNonce);
  if (!(await signedBy(chain, address, message, signature))) throw unauthorized(messages.auth.siweSignature);
  // Consumed only now (a bad signature leaves it for the real sign-in), and atomically: two racing uses
  // cannot both win.
  const use = await consumeNonce(db, nonce, context.binding);
  if (use === "elsewhere") throw unauthorized(messages.auth.siweNonceElsewhere);
  if (use !== "ok") throw unauthorized(messages.auth.siweNonce);
  return address.toLowerCase();
}

/**
 * The origin a message for `domain` must name, or null when the domain is not this site. On the local
 * chain a loopback host on any port is this site too (127.0.0.1 vs localhost, the Vite dev server's
 * port): nothing of value is at stake there, and a newcomer's first sign-in must not fail on it.
 */
function expectedOrigin(config: Pick<Config, "chain">, site: URL, domain: string): string | null {
  if (domain === site.host) return site.origin;
  if (config.chain !== "local") return null;
  try {
    const local = new URL(`http://${domain}`);
    const loopback = ["localhost", "127.0.0.1", "[::1]"].includes(local.hostname);
    return loopback && local.host === domain ? local.origin : null;
  } catch {
    return null;
  }
}

function sameOrigin(uri: string, origin: string): boolean {
  try {
    return new URL(uri).origin === origin;
  } catch {
    return false;
  }
}

function isChainUnavailable(error: unknown): boolean {
  const name = (error as { name?: string } | null)?.name;
  return name === "HttpRequestError" || name === "TimeoutError";
}
