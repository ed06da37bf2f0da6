/**
 * The wallet page's transfer waiting to be mined, kept in the browser: a tab reloaded (or crashed) meanwhile
 * forgot it, showed no hash and no outcome, the balance changed later unexplained, and a student who sent
 * again paid twice. One per chain, token and wallet (the form is busy while one waits); forgotten once its
 * outcome is shown.
 */
import { type Address, type Hash, isAddress, isHash } from "viem";

export interface PendingTransfer {
  hash: Hash;
  chainId: number;
  token: Address;
  /** The wallet that sent it (for a transfer without gas, the treasury is the transaction's sender). */
  from: Address;
  to: Address;
  /** As typed in the form, in whole tokens ("7", "0.5"). */
  amount: string;
  /** When the page had its hash (ms): the wait for its receipt ends RECEIPT_TIMEOUT_MS after it. */
  sentAt: number;
  /** Sent by the class treasury ("Send without gas"): `hash` is the first it sent, maybe signed again since. */
  relayed?: boolean;
}

type KeyValueStorage = Pick<Storage, "getItem" | "setItem" | "removeItem">;

const PREFIX = "classcoin-wallet-pending-transfer";

export const pendingTransferKey = (chainId: number, token: string, wallet: string) =>
  `${PREFIX}:${chainId}:${token.toLowerCase()}:${wallet.toLowerCase()}`;

const browserStorage = (): KeyValueStorage | undefined => globalThis.localStorage;

function isPendingTransfer(value: unknown): value is PendingTransfer {
  if (typeof value !== "object" || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.hash === "string" &&
    isHash(v.hash) &&
    typeof v.chainId === "number" &&
    typeof v.token === "string" &&
    isAddress(v.token, { strict: false }) &&
    typeof v.from === "string" &&
    isAddress(v.from, { strict: false }) &&
    typeof v.to === "string" &&
    isAddress(v.to, { strict: false }) &&
    typeof v.amount === "string" &&
    typeof v.sentAt === "number" &&
    (v.relayed === undefined || typeof v.relayed === "boolean")
  );
}

export function rememberPendingTransfer(transfer: PendingTransfer, storage = browserStorage()): void {
  try {
    storage?.setItem(pendingTransferKey(transfer.chainId, transfer.token, transfer.from), JSON.stringify(transfer));
  } catch {
    // Storage full or off (a private window): the page that sent it still shows it until it is mined.
  }
}

/** The transfer `wallet` sent of `token` on `chainId` that was still waiting when a page last saw it. */
export function readPendingTransfer(
  chainId: number,
  token: string,
  wallet: string,
  storage = browserStorage(),
): PendingTransfer | null {
  try {
    const raw = storage?.getItem(pendingTransferKey(chainId, token, wallet));
    const parsed: unknown = raw ? JSON.parse(raw) : null;
    return isPendingTransfer(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

/** Forgets `transfer` once its outcome is shown; a newer one stored under the same key (another tab) stays. */
export function forgetPendingTransfer(transfer: PendingTransfer, storage = browserStorage()): void {
  try {
    if (readPendingTransfer(transfer.chainId, transfer.token, transfer.from, storage)?.hash !== transfer.hash) return;
    storage?.removeItem(pendingTransferKey(transfer.chainId, transfer.token, transfer.from));
  } catch {
    // Nothing to clean up when storage is off.
  }
}
