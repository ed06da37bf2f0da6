/** Builds signed admin requests for `app.inject()`, with every part overridable for refusal tests. */
import { type AdminMethod, adminAction, buildAdminMessage } from "@classcoin/shared/admin";
import type { InjectOptions, LightMyRequestResponse } from "fastify";
import { ADMIN_WALLET } from "./accounts";
import { type Signer, signerAccount } from "./sign-in";

/** The test file's admin wallet (its account 0); a live binding that follows the file's chain. */
export { ADMIN_WALLET } from "./accounts";

export interface AdminRequestOptions {
  method: AdminMethod;
  /** The route pattern relative to /api/admin, e.g. "/dashboard/:wallet" or "/bounties/update". */
  path: string;
  body?: Record<string, unknown>;
  /** Who signs (default: the file's account 0, the admin). */
  signer?: Signer;
  /** The wallet in the path (GET) or `adminWallet` (POST); default the admin wallet. */
  wallet?: string;
  /** Overrides of the signed message. */
  messageWallet?: string;
  action?: string;
  timestamp?: number;
  /** The extras signed, when they should differ from the body sent. */
  extras?: Record<string, unknown>;
  /** The site the message is bound to, as the admin panel signs it (default: none, as the spec writes it). */
  site?: string;
}

export interface SignedAdminRequest {
  inject: InjectOptions;
  message: string;
  signature: `0x${string}`;
}

let lastTimestamp = 0;

/**
 * Now, or a millisecond past the last one given: two calls signed in the same millisecond would otherwise be
 * one message, and whichever the server checked second a replay (403), a race tests of concurrent calls lost
 * on a loaded machine. A real admin's wallet prompt takes seconds, so its messages always differ.
 */
function freshTimestamp(): number {
  lastTimestamp = Math.max(Date.now(), lastTimestamp + 1);
  return lastTimestamp;
}

export async function signedAdminRequest(options: AdminRequestOptions): Promise<SignedAdminRequest> {
  const wallet = options.wallet ?? ADMIN_WALLET;
  const body = options.body ?? {};
  const message = buildAdminMessage({
    action: options.action ?? adminAction(options.method, options.path),
    wallet: options.messageWallet ?? wallet,
    extras: options.extras ?? body,
    timestamp: options.timestamp ?? freshTimestamp(),
    site: options.site,
  });
  const signature = await signerAccount(options.signer ?? 0).signMessage({ message });
  return { inject: adminInject(options.method, options.path, wallet, body, message, signature), message, signature };
}

export function adminInject(
  method: AdminMethod,
  path: string,
  wallet: string,
  body: Record<string, unknown>,
  message: string | undefined,
  signature: string | undefined,
): InjectOptions {
  if (method === "GET") {
    const query: Record<string, string> = {};
    if (message !== undefined) query.message = message;
    if (signature !== undefined) query.signature = signature;
    return { method, url: `/api/admin${path.replace(":wallet", wallet)}`, query };
  }
  const payload: Record<string, unknown> = { ...body, adminWallet: wallet };
  if (message !== undefined) payload.message = message;
  if (signature !== undefined) payload.signature = signature;
  return { method, url: `/api/admin${path}`, payload };
}

/**
 * Signed admin calls, as the admin, against a test app: `get("dashboard")` for `GET /api/admin/dashboard/:wallet`,
 * `post("/bounties", body)` for `POST /api/admin/bounties`.
 */
export function adminCalls(app: { inject(options: InjectOptions): Promise<LightMyRequestResponse> }) {
  const send = async (options: AdminRequestOptions) => app.inject((await signedAdminRequest(options)).inject);
  return {
    get: (resource: string) => send({ method: "GET", path: `/${resource}/:wallet` }),
    post: (path: string, body: Record<string, unknown>) => send({ method: "POST", path, body }),
  };
}
