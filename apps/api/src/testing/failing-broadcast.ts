/** A chain client whose broadcasts fail (an RPC provider answering 429): the payment is recorded, never sent. */
import type { PublicClient } from "viem";

export function failingBroadcast<C extends PublicClient>(client: C): C {
  return {
    ...client,
    sendRawTransaction: async () => {
      throw new Error("HTTP request failed (the RPC provider answered 429)");
    },
  } as C;
}
