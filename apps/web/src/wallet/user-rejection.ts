/** Telling a request the person declined in their wallet from a real failure. */
import { UserRejectedRequestError } from "viem";

/** What wallets, viem and wagmi put on their errors. */
export interface ErrorLike {
  code?: unknown;
  message?: unknown;
  shortMessage?: unknown;
  data?: unknown;
  cause?: unknown;
}

/** An error and its causes, outermost first (viem and wagmi wrap the provider's error several times). */
export function* errorChain(error: unknown): Generator<ErrorLike> {
  let current = error;
  for (let depth = 0; depth < 10 && current && typeof current === "object"; depth++) {
    yield current as ErrorLike;
    current = (current as ErrorLike).cause;
  }
}

/**
 * A wallet request the person declined: viem's UserRejectedRequestError or the EIP-1193 code 4001 it stands
 * for, anywhere in the causes however deeply viem wrapped it.
 */
export function isUserRejection(error: unknown): boolean {
  for (const e of errorChain(error)) {
    if (e instanceof UserRejectedRequestError || e.code === UserRejectedRequestError.code) return true;
  }
  return false;
}
