/** Admin calls made straight to the API, signed by the local admin (dev account 0) per spec §7. */
import { devAccount } from "@classcoin/contracts/dev-accounts";
import { adminAction, buildAdminMessage } from "@classcoin/shared/admin";
import { privateKeyToAccount } from "viem/accounts";
import type { E2EStack } from "./stack";

/** An admin POST to `path` with `body`, signed by dev account 0 (the local admin). */
export async function adminPost(stack: E2EStack, path: string, body: Record<string, unknown>): Promise<Response> {
  const admin = privateKeyToAccount(devAccount(0).privateKey);
  const message = buildAdminMessage({ action: adminAction("POST", path), wallet: admin.address, extras: body });
  const signature = await admin.signMessage({ message });
  return fetch(`${stack.url}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ ...body, adminWallet: admin.address.toLowerCase(), message, signature }),
  });
}
