/**
 * Reads `balanceOf(connected wallet)` from the chain (the source of truth for money), and again when it may have
 * changed. Loaded lazily by BalanceProvider.
 *
 * On the local chain, on every new block. On Sepolia, the live updates say when a transfer touches the wallet
 * (a tip, a payment, the indexer's transactions: app/live-updates.tsx) and the balance is read then, and
 * otherwise once a minute while the page is shown: every open tab reads the chain through PUBLIC_RPC_URL, a
 * keyless public endpoint that limits requests per IP, and a class behind one school NAT is one IP. Watching
 * blocks cost each tab about 1,260 calls an hour (a block number every 4 s, a balance every block: 45 tabs,
 * 16 requests a second from one address); now about 60.
 */
import { classCoinAbi } from "@classcoin/contracts/generated/ClassCoin";
import { TOKEN_DECIMALS } from "@classcoin/shared/constants";
import { useCallback, useEffect, useRef } from "react";
import { formatUnits } from "viem";
import { useBlockNumber, useReadContract } from "wagmi";
import type { CcBalance } from "./use-cc-balance";
import { useWalletSetup } from "./wallet-context";

/** On a public chain, how often the balance is read when no live update said it changed. */
const BALANCE_FALLBACK_POLL_MS = 60_000;

export default function BalanceReader({
  wallet,
  onChange,
}: {
  wallet: `0x${string}`;
  onChange: (wallet: string, balance: CcBalance) => void;
}) {
  const { config } = useWalletSetup();
  const read = useReadContract({
    address: config.tokenAddress as `0x${string}`,
    abi: classCoinAbi,
    functionName: "balanceOf",
    args: [wallet],
    chainId: config.chainId,
    // Not while the tab is hidden (TanStack Query's default), and again when it is shown.
    query: config.local ? {} : { refetchInterval: BALANCE_FALLBACK_POLL_MS },
  });
  const { data: blockNumber } = useBlockNumber({
    watch: config.local,
    chainId: config.chainId,
    query: { enabled: config.local },
  });
  const { data, isLoading, refetch } = read;
  // wagmi builds a new query key object on every render; a ref keeps `refresh` stable for its users.
  const refetchRef = useRef(refetch);
  refetchRef.current = refetch;
  const refresh = useCallback(() => void refetchRef.current(), []);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new block is the reason to read again
  useEffect(() => refresh(), [blockNumber, refresh]);

  useEffect(() => {
    const amount = data === undefined ? undefined : Number(formatUnits(data, TOKEN_DECIMALS));
    const label =
      amount === undefined
        ? undefined
        : `${amount.toLocaleString("en-US", { maximumFractionDigits: 2 })} ${config.productSymbol}`;
    onChange(wallet, { amount, label, isLoading, refresh });
  }, [wallet, data, isLoading, refresh, onChange, config.productSymbol]);
  return null;
}
