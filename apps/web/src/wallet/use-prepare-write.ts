/**
 * Every write of a user (profile, post, vote, …) starts here: a connected wallet, on the configured chain
 * (the wallet is asked to switch), with a wallet session (Sign-In with Ethereum, once per session).
 */
import { useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { useConfig as useWagmiConfig } from "wagmi";
import { getConnection, switchChain } from "wagmi/actions";
import { ensureSession } from "./auth";
import { setSessionWallet } from "./session";
import { useWalletSetup } from "./wallet-context";
import { ChainSwitchError, NotConnectedError } from "./write-errors";

/** Returns `prepare()`, which resolves to the acting wallet (lowercased) or throws a write error. */
export function usePrepareWrite(): () => Promise<`0x${string}`> {
  const wagmiConfig = useWagmiConfig();
  const { config } = useWalletSetup();
  const queryClient = useQueryClient();
  return useCallback(async () => {
    const connection = getConnection(wagmiConfig);
    if (connection.status !== "connected") throw new NotConnectedError();
    if (connection.chainId !== config.chainId) {
      try {
        await switchChain(wagmiConfig, { chainId: config.chainId });
      } catch (error) {
        throw new ChainSwitchError(error);
      }
    }
    await ensureSession(wagmiConfig, connection.address, config.chainId);
    setSessionWallet(queryClient, connection.address);
    return connection.address.toLowerCase() as `0x${string}`;
  }, [wagmiConfig, config.chainId, queryClient]);
}
