/**
 * Sign-In with Ethereum (EIP-4361): nonces issued and consumed once, and the checks a signed message must
 * pass before it opens a session. Every refusal says what was wrong, so a user (or developer) can fix it.
 */
import { SIWE_MAX_AGE_MS } from "@classcoin/shared/constants";
import { messages } from "@classcoin/shared/messages";
import { eq, lt } from "drizzle-orm";
import type { PublicClient } from "viem";
import { generateSiweNonce, parseSiweMessage } from "viem/siwe";
import type { Config } from "../config";
import type { Db } from "../db/client";
import { siweNonces } from "../db/schema";
import { unauthorized } from "../http-errors";

/** Tolerated clock difference between the signer's device and the server. */
const CLOCK_SKEW_MS = 60_000;

export async function issueNonce(db: Db): Promise<string> {
  const nonce = generateSiweNonce();
  // Unused nonces die with their sign-in window; dropping them here keeps the table small without a job.
  await db.delete(siweNonces).where(lt(siweNonces.createdAt, new Date(Date.now() - SIWE_MAX_AGE_MS)));
  await db.insert(siweNonces).values({ nonce });
  return nonce;
}

/** Deletes the nonce and reports whether it existed and was fresh; two racing uses cannot both win. */
async function consumeNonce(db: Db, nonce: string): Promise<boolean> {
  const rows = await db
    .delete(siweNonces)
    .where(eq(siweNonces.nonce, nonce))
    .returning({ createdAt: siweNonces.createdAt });
  const row = rows[0];
  return row !== undefined && Date.now() - row.createdAt.getTime() <= SIWE_MAX_AGE_MS + CLOCK_SKEW_MS;
}

export interface SiweCheckContext {
  db: Db;
  chain: PublicClient;
  config: Pick<Config, "publicUrl" | "chainId" | "chain">;
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
  if (Number.isNaN(issued)) throw unauthorized(messages.auth.siweMalformed);
  if (now.getTime() - issued > SIWE_MAX_AGE_MS) throw unauthorized(messages.auth.siweExpired);
  if (issued - now.getTime() > CLOCK_SKEW_MS) throw unauthorized(messages.auth.siweIssuedInFuture);
  if (fields.expirationTime && fields.expirationTime.getTime() <= now.getTime()) {
    throw unauthorized(messages.auth.siweExpired);
  }
  if (fields.notBefore && fields.notBefore.getTime() - now.getTime() > CLOCK_SKEW_MS) {
    throw unauthorized(messages.auth.siweNotYetValid);
  }

  // verifyMessage also accepts smart-contract wallets (ERC-1271 / ERC-6492), not only plain keys.
  const valid = await chain.verifyMessage({ address, message, signature }).catch((error: unknown) => {
    if (isChainUnavailable(error)) throw error;
    return false;
  });
  if (!valid) throw unauthorized(messages.auth.siweSignature);
  if (!(await consumeNonce(db, nonce))) throw unauthorized(messages.auth.siweNonce);
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
