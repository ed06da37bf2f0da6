/** Why a write could not start; each maps to one text of the spec's error catalogue (§5, §8). */
import type { PublicConfig } from "@classcoin/shared/api-meta";
import { messages } from "@classcoin/shared/messages";
import { ApiError, NetworkError } from "../lib/api-client";
import { errorChain, isUserRejection } from "./user-rejection";

/** No wallet is connected. */
export class NotConnectedError extends Error {
  constructor() {
    super("No wallet is connected");
    this.name = "NotConnectedError";
  }
}

/** The wallet refused (or failed) to switch to the configured chain. */
export class ChainSwitchError extends Error {
  constructor(cause: unknown) {
    super("The wallet did not switch networks", { cause });
    this.name = "ChainSwitchError";
  }
}

/** What wagmi and viem throw when the wallet is on another chain than the write names. */
const CHAIN_MISMATCH = new Set(["ConnectorChainMismatchError", "ChainMismatchError"]);

/**
 * The write stopped because the wallet is on another network: it refused the switch (code 4001), cannot
 * switch (4902, no wallet_switchEthereumChain), or left the chain between the switch and the write.
 */
export function isWrongChain(error: unknown): boolean {
  for (const e of errorChain(error)) {
    if (e instanceof ChainSwitchError || (e instanceof Error && CHAIN_MISMATCH.has(e.name))) return true;
  }
  return false;
}

/**
 * A request the person declined in their wallet, which needs no word from the app. A refused network switch
 * is not one: the write itself never reached the wallet, and without a word nothing says why it did not happen.
 */
export function isDeclinedInWallet(error: unknown): boolean {
  return isUserRejection(error) && !isWrongChain(error);
}

/** The wallet refused to sign the sign-in message, or the server did not accept the signature. */
export class SignatureError extends Error {
  constructor(cause: unknown) {
    super("The sign-in signature was refused", { cause });
    this.name = "SignatureError";
  }
}

/**
 * The catalogue's text (§8) for a write that could not start (no wallet, wrong chain, no sign-in) or could not
 * reach the server; null for any other error, which the caller's own rows then describe.
 */
export function writeErrorText(error: unknown, config: PublicConfig, notConnected: string): string | null {
  if (error instanceof NotConnectedError) return notConnected;
  if (isWrongChain(error)) return messages.chain.switchPlatform(config.chainName);
  if (error instanceof SignatureError) return messages.catalogue.signature;
  if (error instanceof NetworkError) return messages.catalogue.network;
  return null;
}

/** One write's row of the spec's error catalogue (§8): the prefix for validation lists, for a refusal, and the fallback. */
export interface CatalogueRow {
  connect: string;
  validation: string;
  failed: string;
  fallback: string;
}

export function catalogueErrorText(error: unknown, config: PublicConfig, row: CatalogueRow): string {
  const text = writeErrorText(error, config, row.connect);
  if (text) return text;
  if (error instanceof ApiError) {
    if (error.errors?.length) return row.validation + error.errors.join(", ");
    return row.failed + error.message;
  }
  return row.fallback;
}

/** Votes on posts and on comments answer with the same catalogue row ("Vote"). */
export const voteCatalogueRow: CatalogueRow = {
  connect: messages.vote.connect,
  validation: messages.catalogue.voteValidation,
  failed: messages.catalogue.voteFailed,
  fallback: messages.catalogue.voteError,
};
