/** A wallet request the person declined (EIP-1193 code 4001, viem's UserRejectedRequestError), anywhere in the causes. */
export function isUserRejection(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; current && depth < 10; depth++) {
    const e = current as { code?: unknown; name?: unknown; cause?: unknown };
    if (e.code === 4001 || e.name === "UserRejectedRequestError") return true;
    current = e.cause;
  }
  return false;
}
