/**
 * Signed admin calls (spec §6–§7): each call carries `message = JSON.stringify({timestamp, action, wallet,
 * ...extras})` (built by the shared `buildAdminMessage`) and its personal_sign signature by the connected
 * wallet. The server accepts a signature once, so every call signs anew.
 */
import { type AdminMethod, adminAction, buildAdminMessage } from "@classcoin/shared/admin";
import { type QueryClient, useMutation, useQueryClient } from "@tanstack/react-query";
import { useMemo } from "react";
import { useConfig as useWagmiConfig } from "wagmi";
import { signMessage } from "wagmi/actions";
import type { z } from "zod";
import { apiGet, apiPost } from "../../../wallet/api-request";
import { useWallet } from "../../../wallet/use-wallet";

/** The wallet did not sign the admin message (refused, or no wallet to ask). */
export class AdminSignatureError extends Error {
  constructor(cause: unknown) {
    super("The admin message was not signed", { cause });
    this.name = "AdminSignatureError";
  }
}

export interface AdminSigner {
  /** The connected (admin) wallet, lowercased. */
  wallet: `0x${string}`;
  sign(message: string): Promise<`0x${string}`>;
}

/** Signs with the connected wallet; null when none is connected. */
export function useAdminSigner(): AdminSigner | null {
  const wagmiConfig = useWagmiConfig();
  const { address, wallet } = useWallet();
  return useMemo(() => {
    if (!address || !wallet) return null;
    return {
      wallet,
      async sign(message: string) {
        try {
          return await signMessage(wagmiConfig, { account: address, message });
        } catch (error) {
          throw new AdminSignatureError(error);
        }
      },
    };
  }, [wagmiConfig, address, wallet]);
}

async function signed(signer: AdminSigner, method: AdminMethod, path: string, extras?: Record<string, unknown>) {
  const message = buildAdminMessage({ action: adminAction(method, path), wallet: signer.wallet, extras });
  return { message, signature: await signer.sign(message) };
}

/** `GET /api/admin/<path>/<wallet>?message=&signature=`; `path` without the wallet, e.g. "/dashboard". */
export async function adminGet<T extends z.ZodType>(
  signer: AdminSigner,
  path: string,
  schema: T,
): Promise<z.output<T>> {
  const { message, signature } = await signed(signer, "GET", path);
  const query = new URLSearchParams({ message, signature });
  return apiGet(`/api/admin${path}/${signer.wallet}?${query}`, schema);
}

/** `POST /api/admin/<path>` with the body's fields plus adminWallet, message and signature. */
export async function adminPost<T extends z.ZodType>(
  signer: AdminSigner,
  path: string,
  body: Record<string, unknown>,
  schema: T,
): Promise<z.output<T>> {
  const { message, signature } = await signed(signer, "POST", path, body);
  return apiPost(`/api/admin${path}`, { ...body, adminWallet: signer.wallet, message, signature }, schema);
}

/** Admin lists load once per visit of their tab: a reload costs the admin a signature. */
export const adminQueryDefaults = { staleTime: Number.POSITIVE_INFINITY, retry: false } as const;

/** The admin key of a list, per admin wallet. */
export const adminKey = (name: string, wallet: string) => ["admin", name, wallet] as const;

/** After a moderation the public pages' data is stale; they read it again when next shown. */
function markPublicDataStale(queryClient: QueryClient) {
  void queryClient.invalidateQueries({
    predicate: (query) => query.queryKey[0] !== "admin" && query.queryKey[0] !== "config",
    refetchType: "none",
  });
}

/**
 * A signed admin write. `onDone` updates the admin caches from the answer (no reload, so no extra signature).
 */
export function useAdminMutation<Input extends Record<string, unknown>, T extends z.ZodType>(
  path: string,
  schema: T,
  onDone: (queryClient: QueryClient, wallet: string, result: z.output<T>, input: Input) => void,
) {
  const signer = useAdminSigner();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: Input) => {
      if (!signer) throw new AdminSignatureError(new Error("no wallet is connected"));
      return adminPost(signer, path, input, schema);
    },
    onSuccess: (result, input) => {
      if (signer) onDone(queryClient, signer.wallet, result, input);
      // The dashboard's counts change with most writes; it reloads when its tab is next shown.
      if (signer)
        void queryClient.invalidateQueries({ queryKey: adminKey("dashboard", signer.wallet), refetchType: "none" });
      markPublicDataStale(queryClient);
    },
  });
}
