/**
 * Waiting for a relayed (gasless) transfer. In a fee spike the class treasury signs a transfer priced out
 * again under another hash, and a page reloaded meanwhile knows only the first one, which the node may have
 * forgotten (so viem cannot see it replaced). So the wait asks the server where the transfer stands
 * (`GET /api/relay/transfers/:hash`, by the first hash) every RELAY_ASK_AGAIN_MS and waits on the hash it
 * names. Tips (projects/api/send-coin.ts) and the wallet page's "Send without gas" both wait this way.
 */
import { relayEndpoints } from "@classcoin/shared/endpoints/relay";
import { messages } from "@classcoin/shared/messages";
import type { Hash } from "viem";
import { callApi } from "../lib/api-client";

/** How long a relayed transfer is waited for under one hash before the server is asked again. */
export const RELAY_ASK_AGAIN_MS = 15_000;

const isReceiptTimeout = (error: unknown) =>
  error instanceof Error && error.name === "WaitForTransactionReceiptTimeoutError";

/**
 * The transaction a relayed transfer is now. A transfer the chain will never mine (`dropped`) moved nothing.
 * If the server cannot be asked, the wait goes on on the hash it has.
 */
async function relayedHash(first: Hash, current: Hash): Promise<Hash> {
  let standing: { status: string; txHash: Hash };
  try {
    standing = await callApi(relayEndpoints.transferStatus, { params: { hash: first } });
  } catch {
    return current;
  }
  if (standing.status === "dropped") throw new Error(messages.wallet.transactionReplaced);
  return standing.txHash;
}

/**
 * Waits (with `wait`, a receipt wait given a hash and a time limit) until the relayed transfer first sent as
 * `first` is mined under whichever hash, or `deadline` (ms since the epoch) passes. `onHash`: the transfer is
 * now another transaction (for the page to name it while it waits).
 */
export async function waitForRelayedReceipt<Receipt>(
  first: Hash,
  deadline: number,
  wait: (hash: Hash, timeoutMs: number) => Promise<Receipt>,
  onHash?: (hash: Hash) => void,
): Promise<Receipt> {
  let hash = first;
  for (;;) {
    const now = await relayedHash(first, hash);
    if (now !== hash) onHash?.(now);
    hash = now;
    try {
      return await wait(hash, Math.min(RELAY_ASK_AGAIN_MS, Math.max(1, deadline - Date.now())));
    } catch (error) {
      if (Date.now() >= deadline || !isReceiptTimeout(error)) throw error;
    }
  }
}
