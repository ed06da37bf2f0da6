import { useConnection } from "wagmi";
import { useWalletSetup } from "./wallet-context";

export interface WalletState {
  /** The connected account, lowercased (the form the API and post.votes key on). */
  wallet: `0x${string}` | undefined;
  /** The connected account as the wallet reports it (checksummed). */
  address: `0x${string}` | undefined;
  status: "connected" | "connecting" | "reconnecting" | "disconnected";
  connectorName: string | undefined;
  /** Connected, but to another chain than the configured one. */
  wrongChain: boolean;
  /** The connected wallet is the admin wallet (case-insensitive, spec §6). */
  isAdmin: boolean;
}

export function useWallet(): WalletState {
  const { config } = useWalletSetup();
  const connection = useConnection();
  const address = connection.status === "connected" ? connection.address : undefined;
  const wallet = address?.toLowerCase() as `0x${string}` | undefined;
  return {
    wallet,
    address,
    status: connection.status,
    connectorName: connection.connector?.name,
    wrongChain: connection.status === "connected" && connection.chainId !== config.chainId,
    isAdmin: wallet !== undefined && wallet === config.adminWallet.toLowerCase(),
  };
}
