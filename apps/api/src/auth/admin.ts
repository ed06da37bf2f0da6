/**
 * Admin authentication (spec §6–§7): every admin call carries a message signed by the admin wallet. The
 * request is refused with 403 and nothing changes unless the signer is the configured admin wallet, the
 * message names that wallet, this route's action and a timestamp within ADMIN_SIGNATURE_MAX_AGE_MS, its
 * extras are exactly the call's body fields, the site it names (if any) is this one, and the message was
 * never accepted before. There is no development-mode bypass.
 */
import { createHash } from "node:crypto";
import { isDeepStrictEqual } from "node:util";
import {
  ADMIN_MESSAGE_KEYS,
  type AdminMethod,
  adminAction,
  adminExtrasOf,
  adminMessageSchema,
} from "@classcoin/shared/admin";
import { ADMIN_SIGNATURE_MAX_AGE_MS } from "@classcoin/shared/constants";
import { eq } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import { type Hex, isHex, type PublicClient, recoverMessageAddress } from "viem";
import type { Db } from "../db/client";
import { adminSignatures } from "../db/schema";
import { forbidden } from "../http-errors";

/** A verified admin request; `consume` records its message so it is never accepted again. */
export interface AdminGrant {
  action: string;
  replayKey: string;
  /** Call inside the transaction of the action's write: a second use of the message throws 403. */
  consume(tx: Db): Promise<void>;
}

declare module "fastify" {
  interface FastifyRequest {
    adminGrant: AdminGrant | null;
  }
}

/** Arrays and objects inside arrays and objects, in the message or the body: no admin call needs more than 2. */
export const MAX_FIELD_DEPTH = 32;

export const adminErrors = {
  missing: "Admin signature required: send the signed message and its signature",
  malformedMessage: "Admin message is not valid: expected JSON with timestamp (ms), action and wallet",
  notAdminWallet: "Wallet is not the admin wallet",
  walletMismatch: "Admin message wallet does not match the request's wallet",
  wrongAction: (expected: string) => `Admin message action does not match this call (expected ${expected})`,
  otherSite: (site: string, ours: string) =>
    `Admin message was signed for another site (${site}): open ${ours} and sign it there`,
  expired: "Admin signature expired: sign a new message (timestamps are valid for 5 minutes)",
  future: "Admin signature timestamp is in the future: check your computer's clock",
  extrasMismatch: (keys: string[]) => `Admin message does not match the request fields: ${keys.join(", ")}`,
  signer: "Signer is not the admin wallet",
  used: "Admin signature already used: sign a new message for each request",
  tooDeep: `Admin request fields are nested too deeply (at most ${MAX_FIELD_DEPTH} levels of arrays and objects)`,
} as const;

interface RequestParts {
  /** The wallet the call is made as: the path's `:wallet` (GET) or `adminWallet` (POST). */
  wallet: unknown;
  message: unknown;
  signature: unknown;
  /** The fields the message's extras must equal, as the client sent them (before validation). */
  fields: Record<string, unknown>;
}

/** Splits a raw (unvalidated) request into what the admin check needs. */
export function adminRequestParts(request: FastifyRequest, method: AdminMethod): RequestParts {
  if (method === "GET") {
    const { message, signature, ...fields } = asRecord(request.query);
    return { wallet: asRecord(request.params).wallet, message, signature, fields };
  }
  const { adminWallet, message, signature, ...fields } = asRecord(request.body);
  return { wallet: adminWallet, message, signature, fields };
}

export interface VerifyAdminOptions {
  adminWallet: string;
  chain: PublicClient;
  /** The origins this server answers for (auth/origin.ts): a message's `site` must be one of them. */
  sites: ReadonlySet<string>;
  /** The site's own origin, named in the refusal. */
  site: string;
  now?: number;
}

/**
 * Checks everything that needs no write; throws 403 with what failed. The replay check is repeated by
 * `consume` inside the action's transaction, which is what makes it race-free.
 */
export async function verifyAdminRequest(
  db: Db,
  parts: RequestParts,
  method: AdminMethod,
  routePath: string,
  options: VerifyAdminOptions,
): Promise<AdminGrant> {
  const admin = options.adminWallet.toLowerCase();
  const { message, signature } = parts;
  if (typeof message !== "string" || message === "" || typeof signature !== "string" || signature === "") {
    throw forbidden(adminErrors.missing);
  }
  if (typeof parts.wallet !== "string" || parts.wallet.toLowerCase() !== admin) {
    throw forbidden(adminErrors.notAdminWallet);
  }
  // The signature first: an unsigned caller gets nothing walked (a 3,000-deep array in the message and
  // body overflowed the stack in the field comparison below, a 500, when that ran first).
  if (!isHex(signature) || !(await signedByAdmin(message, signature, admin, options.chain))) {
    throw forbidden(adminErrors.signer);
  }
  const parsed = parseMessage(message);
  if (parsed.wallet.toLowerCase() !== admin) throw forbidden(adminErrors.walletMismatch);
  const action = adminAction(method, routePath);
  if (parsed.action !== action) throw forbidden(adminErrors.wrongAction(action));
  if (parsed.site !== undefined && !options.sites.has(parsed.site.toLowerCase())) {
    throw forbidden(adminErrors.otherSite(parsed.site.slice(0, 200), options.site));
  }
  const now = options.now ?? Date.now();
  if (parsed.timestamp < now - ADMIN_SIGNATURE_MAX_AGE_MS) throw forbidden(adminErrors.expired);
  if (parsed.timestamp > now + ADMIN_SIGNATURE_MAX_AGE_MS) throw forbidden(adminErrors.future);
  if (nestedDeeperThan(parsed, MAX_FIELD_DEPTH) || nestedDeeperThan(parts.fields, MAX_FIELD_DEPTH)) {
    throw forbidden(adminErrors.tooDeep);
  }
  const mismatched = mismatchedExtras(parsed, parts.fields);
  if (mismatched.length > 0) throw forbidden(adminErrors.extrasMismatch(mismatched));

  const replayKey = replayKeyOf(message);
  // Answer a plain replay before the body is validated; `consume` is the authoritative check.
  const seen = await db
    .select({ key: adminSignatures.signatureHash })
    .from(adminSignatures)
    .where(eq(adminSignatures.signatureHash, replayKey))
    .limit(1);
  if (seen.length > 0) throw forbidden(adminErrors.used);

  return {
    action,
    replayKey,
    async consume(tx) {
      const inserted = await tx
        .insert(adminSignatures)
        .values({ signatureHash: replayKey, action })
        .onConflictDoNothing()
        .returning({ key: adminSignatures.signatureHash });
      if (inserted.length === 0) throw forbidden(adminErrors.used);
    },
  };
}

/**
 * The replay key is the SHA-256 of the signed message rather than of the signature bytes: one signature can
 * be re-encoded (the high-s twin of an ECDSA signature, or its 64-byte compact form) and still verify, but
 * the message it signs cannot change, and every message carries its own millisecond timestamp.
 */
export function replayKeyOf(message: string): string {
  return createHash("sha256").update(message, "utf8").digest("hex");
}

function parseMessage(message: string) {
  let json: unknown;
  try {
    json = JSON.parse(message);
  } catch {
    throw forbidden(adminErrors.malformedMessage);
  }
  const parsed = adminMessageSchema.safeParse(json);
  if (!parsed.success) throw forbidden(adminErrors.malformedMessage);
  return parsed.data;
}

/** Keys whose value differs between the message's extras and the request's fields (either side). */
function mismatchedExtras(message: Record<string, unknown>, fields: Record<string, unknown>): string[] {
  let extras: Record<string, unknown>;
  try {
    extras = adminExtrasOf(fields);
  } catch (error) {
    throw forbidden((error as Error).message);
  }
  const own = new Set<string>(ADMIN_MESSAGE_KEYS);
  const keys = new Set([...Object.keys(message).filter((k) => !own.has(k)), ...Object.keys(extras)]);
  return [...keys].filter((k) => !(k in message) || !(k in extras) || !isDeepStrictEqual(message[k], extras[k]));
}

/**
 * Whether `admin` signed `message`. A plain key's signature is recovered locally, with no RPC call. Only an
 * admin wallet that is a contract (ERC-1271) asks the chain, through `verifyMessage`; whether it is one is read
 * once per ADMIN_CODE_TTL_MS, not per request: anyone can send junk signatures, and each RPC call is metered by
 * the provider (an audit burned 200 calls with 200 anonymous requests). A counterfactual (ERC-6492) admin
 * wallet is not accepted: it must be deployed first.
 */
async function signedByAdmin(message: string, signature: Hex, admin: string, chain: PublicClient): Promise<boolean> {
  try {
    const signer = await recoverMessageAddress({ message, signature });
    if (signer.toLowerCase() === admin) return true;
  } catch {
    // Not an ECDSA signature: it may still be a smart-contract wallet's.
  }
  if (!(await adminHasCode(chain, admin).catch(() => false))) return false;
  try {
    return await chain.verifyMessage({ address: admin as Hex, message, signature });
  } catch {
    return false;
  }
}

/** How long the admin wallet's "is it a contract" answer is reused. */
export const ADMIN_CODE_TTL_MS = 10 * 60_000;
const adminCode = new WeakMap<PublicClient, Map<string, { at: number; hasCode: Promise<boolean> }>>();

function adminHasCode(chain: PublicClient, address: string): Promise<boolean> {
  const known = adminCode.get(chain) ?? new Map<string, { at: number; hasCode: Promise<boolean> }>();
  adminCode.set(chain, known);
  const cached = known.get(address);
  if (cached && Date.now() - cached.at < ADMIN_CODE_TTL_MS) return cached.hasCode;
  const hasCode = chain
    .getCode({ address: address as Hex })
    .then((code) => code !== undefined && code !== "0x")
    .catch((error: unknown) => {
      known.delete(address); // an RPC failure is not an answer: ask again next time
      throw error;
    });
  known.set(address, { at: Date.now(), hasCode });
  return hasCode;
}

/** Whether arrays/objects nest more than `max` levels inside `value`; iterative, so any depth is safe. */
export function nestedDeeperThan(value: unknown, max: number): boolean {
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length > 0) {
    const [current, depth] = stack.pop()!;
    if (current === null || typeof current !== "object") continue;
    if (depth > max) return true;
    for (const child of Object.values(current)) stack.push([child, depth + 1]);
  }
  return false;
}

function asRecord(value: unknown): Record<string, unknown> {
  return value !== null && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}
