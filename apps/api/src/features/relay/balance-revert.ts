/**
 * A relayed transfer the token refused for the sender's balance. The relay checks the balance, less the
 * sender's relays not mined yet, before it signs; CC the sender moves meanwhile outside this server (from the
 * wallet itself, on another site) still reaches the node's estimate, which reverts with the token's own
 * error, and the student read a raw 502 ("custom error 0xe450d38c: …"). Found by the token's error selector
 * anywhere in viem's chain of causes: nodes word a revert differently, but all pass its data on.
 */
import { BaseError, keccak256, slice, toHex } from "viem";

/** OpenZeppelin's ERC20InsufficientBalance(address sender, uint256 balance, uint256 needed). */
const INSUFFICIENT_BALANCE = slice(keccak256(toHex("ERC20InsufficientBalance(address,uint256,uint256)")), 0, 4);

export function revertedForBalance(error: unknown): boolean {
  if (!(error instanceof BaseError)) return false;
  const said: string[] = [];
  error.walk((cause) => {
    const { data, message } = cause as { data?: unknown; message?: unknown };
    if (typeof data === "string") said.push(data);
    if (typeof message === "string") said.push(message);
    return false;
  });
  return said.some((text) => text.toLowerCase().includes(INSUFFICIENT_BALANCE));
}
