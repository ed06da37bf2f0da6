import { EXPLORER_WALLET_PREFIX, EXPLORER_WALLET_SUFFIX } from "@classcoin/shared/constants";

/** `0x1234…abcd`: the first 6 and last 4 characters (spec §9). */
export function shortAddress(address: string): string {
  if (address.length <= EXPLORER_WALLET_PREFIX + EXPLORER_WALLET_SUFFIX) return address;
  return `${address.slice(0, EXPLORER_WALLET_PREFIX)}…${address.slice(-EXPLORER_WALLET_SUFFIX)}`;
}
