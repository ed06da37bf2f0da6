/**
 * Whether a tip would go without gas and the relay would refuse it now (the day's gasless transfers used, the
 * class's, the treasury low): the tip form says so and does not send, instead of asking for a signature the
 * relay then refuses. Read with the wallet's session only (none: nothing is known, the form sends as before),
 * again after each tip.
 */
import { useQuery } from "@tanstack/react-query";
import { useConfig as useWagmiConfig } from "wagmi";
import { gaslessUnavailable, readGaslessAllowance, recheckInMs } from "../../../wallet/gasless-allowance";
import { useSignedIn } from "../../../wallet/session";
import { useWallet } from "../../../wallet/use-wallet";
import { useWalletSetup } from "../../../wallet/wallet-context";

const loadGasless = () => import("../../../wallet/gasless-transfer");

/** The one notice above the cards that says why; each card's disabled Send is described by it. */
export const GASLESS_TIP_REASON_ID = "gasless-tip-reason";

/** Invalidated after each tip (send-coin.ts), so the count follows. */
export const GASLESS_QUERY_KEY = "gasless";

/** Why a tip of the connected wallet cannot be sent now (it has no gas and the relay would refuse), or null. */
export function useGaslessTipBlock(): string | null {
  const { wallet } = useWallet();
  const signedIn = useSignedIn();
  const wagmiConfig = useWagmiConfig();
  const { config } = useWalletSetup();
  const query = useQuery({
    queryKey: [GASLESS_QUERY_KEY, wallet],
    enabled: signedIn === true && wallet !== undefined,
    staleTime: 30_000,
    // Asked again when a transfer frees up (or the treasury may have been topped up): Send comes back by itself.
    refetchInterval: (query) => recheckInMs(query.state.data ?? null) ?? false,
    queryFn: async () => {
      if (!wallet) return null;
      const gasless = await loadGasless();
      // A wallet that pays its own gas is not relayed: the allowance does not concern it.
      if (!(await gasless.cannotPayGas(wagmiConfig, wallet, config.chainId))) return null;
      return readGaslessAllowance(wallet);
    },
  });
  return gaslessUnavailable(query.data ?? null);
}
