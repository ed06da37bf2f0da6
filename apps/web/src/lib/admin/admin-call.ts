/**
 * Signed admin calls (spec §6–§7), the signed variant of `callApi`: each call carries
 * `message = JSON.stringify({timestamp, action, wallet, site, ...extras})` (built by the shared `buildAdminMessage`,
 * the action derived from the descriptor's method and path, `site` this page's origin so that the signature is
 * good on this deployment only) and its personal_sign signature by the connected
 * wallet: in the query of a GET (`/api/admin/<name>/:wallet?message=&signature=`), beside the fields in the
 * body of a POST (`{...fields, adminWallet, message, signature}`). The server accepts a signature once, so
 * every call signs anew.
 */
import { adminAction, buildAdminMessage } from "@classcoin/shared/admin";
import type { Endpoint } from "@classcoin/shared/endpoint";
import type { AdminCallFields } from "@classcoin/shared/endpoints/admin-call";
import { type QueryClient, queryOptions } from "@tanstack/react-query";
import type { z } from "zod";
import { ApiError, type CallResult, sendCall } from "../api-client";
import type { AdminSigner } from "./admin-signer";

/** An admin GET (`adminGetEndpoint`): the admin wallet in the path, the signature in the query. */
export type AdminGetEndpoint = Endpoint<"GET"> & { access: "admin"; params: z.ZodType; query: z.ZodType };
/** An admin POST (`adminPostEndpoint`): its fields and the signature in the body. */
export type AdminPostEndpoint = Endpoint<"POST"> & { access: "admin"; body: z.ZodType };

/** What the admin fills in for a POST: the body without adminWallet, message and signature. */
export type AdminFields<E extends AdminPostEndpoint> = AdminCallFields<z.input<E["body"]>>;

/** The signed input of an admin call: for a GET the wallet and the signature, for a POST the fields too. */
export async function signAdminCall(
  signer: AdminSigner,
  endpoint: AdminGetEndpoint | AdminPostEndpoint,
  fields?: Record<string, unknown>,
) {
  const action = adminAction(endpoint.method, endpoint.path);
  const message = buildAdminMessage({
    action,
    wallet: signer.wallet,
    extras: fields,
    site: globalThis.location?.origin,
  });
  const auth = { message, signature: await signer.sign(message) };
  if (endpoint.method === "GET") return { params: { wallet: signer.wallet }, query: auth };
  return { body: { ...fields, adminWallet: signer.wallet, ...auth } };
}

export async function callAdmin<E extends AdminGetEndpoint>(signer: AdminSigner, endpoint: E): Promise<CallResult<E>>;
export async function callAdmin<E extends AdminPostEndpoint>(
  signer: AdminSigner,
  endpoint: E,
  fields: AdminFields<E>,
): Promise<CallResult<E>>;
export async function callAdmin(
  signer: AdminSigner,
  endpoint: AdminGetEndpoint | AdminPostEndpoint,
  fields?: Record<string, unknown>,
): Promise<unknown> {
  if (endpoint.method === "GET" && signer.bySession) {
    // Issue 14: the admin's session authorises reads; a session the server no longer has falls back to a
    // signed read.
    try {
      return await sendCall(endpoint, { params: { wallet: signer.wallet } });
    } catch (error) {
      if (!(error instanceof ApiError && error.status === 403)) throw error;
    }
  }
  return sendCall(endpoint, await signAdminCall(signer, endpoint, fields));
}

/** The cache key of an admin list: per endpoint and admin wallet. */
export const adminQueryKey = (endpoint: AdminGetEndpoint, wallet: string) => ["admin", endpoint.path, wallet] as const;

/**
 * An admin list loads once per visit of its tab. Read with the admin's session (no signature), a visit reads
 * it again, so posts, comments, submissions and profiles the students made meanwhile show up to be moderated;
 * before, the list of the first visit stayed until the page was reloaded (the dashboard counted a new post the
 * Posts tab did not list). Without a session a read costs a signature, so the list is kept and only re-read by
 * session (`readAdminListsAgain`, `meta.readBySession`).
 */
export const adminQueryOptions = <E extends AdminGetEndpoint>(endpoint: E, signer: AdminSigner) =>
  queryOptions({
    queryKey: adminQueryKey(endpoint, signer.wallet),
    queryFn: () => callAdmin(signer, endpoint),
    staleTime: signer.bySession ? 0 : Number.POSITIVE_INFINITY,
    retry: false,
    meta: { readBySession: () => sendCall(endpoint, { params: { wallet: signer.wallet } }) },
  });

/** Reads in flight per list, and whether another was asked for meanwhile (a burst of events is two reads). */
const rereads = new Map<string, { again: boolean }>();

/**
 * Reads again, with the admin's session only, the admin lists whose path starts with `pathPrefix`, and puts
 * what they answer in place. Never a signed read: that would ask the wallet for a signature nobody asked for
 * (a session signed out in another tab, or expired, answers 403: the list stays as it is until its tab is
 * visited again). Failures say nothing either: the list shown is still the last one read.
 */
export function readAdminListsAgain(queryClient: QueryClient, pathPrefix = "/api/admin/"): void {
  const lists = queryClient.getQueryCache().findAll({
    predicate: (query) => query.queryKey[0] === "admin" && String(query.queryKey[1]).startsWith(pathPrefix),
  });
  for (const query of lists) {
    const read = query.meta?.readBySession;
    if (typeof read !== "function") continue;
    const running = rereads.get(query.queryHash);
    if (running) {
      running.again = true;
      continue;
    }
    const state = { again: false };
    rereads.set(query.queryHash, state);
    const once = async (): Promise<void> => {
      state.again = false;
      try {
        queryClient.setQueryData(query.queryKey, await (read as () => Promise<unknown>)());
      } catch {
        return;
      }
      if (state.again) return once();
    };
    void once().finally(() => rereads.delete(query.queryHash));
  }
}
