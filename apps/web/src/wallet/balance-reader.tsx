/**
 * Reads `balanceOf(connected wallet)` from the chain (the source of truth for money) and again on every new
 * block, so the balance follows transfers made anywhere. Loaded lazily by BalanceProvider.
 */
import { classCoinAbi } from "@classcoin/contracts/generated/ClassCoin";
import { TOKEN_DECIMALS } from "@classcoin/shared/constants";
import { useCallback, useEffect, useRef } from "react";
import { formatUnits } from "viem";
import { useBlockNumber, useReadContract } from "wagmi";
import type { CcBalance } from "./use-cc-balance";
import { useWalletSetup } from "./wallet-context";

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
  });
  const { data: blockNumber } = useBlockNumber({ watch: true, chainId: config.chainId });
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
