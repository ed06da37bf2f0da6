/**
 * A tip (spec §5 "Send ClassCoin", DESIGN "tips"): the tipper's wallet sends `transfer(author, amount)` on the
 * ClassCoin contract; once it is mined, `POST /api/projects/send-coin` reports it with its hash and the server
 * checks the receipt before recording it. Money moves on chain; the record cannot be forged or doubled.
 */
import { classCoinAbi } from "@classcoin/contracts/generated/ClassCoin";
import { TOKEN_DECIMALS } from "@classcoin/shared/constants";
import { tipEndpoints } from "@classcoin/shared/endpoints/tips";
import { messages } from "@classcoin/shared/messages";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { parseUnits } from "viem";
import { useConfig as useWagmiConfig, type Config as WagmiConfig } from "wagmi";
import { ApiError, callApi } from "../../../lib/api-client";
import { waitForRelayedReceipt } from "../../../wallet/relayed-receipt";
import { RECEIPT_TIMEOUT_MS, replacementWatch } from "../../../wallet/replaced-transaction";
import { setSessionWallet } from "../../../wallet/session";
import { useCcBalance } from "../../../wallet/use-cc-balance";
import { usePrepareWrite } from "../../../wallet/use-prepare-write";
import { useWalletSetup } from "../../../wallet/wallet-context";
import { GASLESS_QUERY_KEY } from "./gasless-tip";
import { getProjectsQueryOptions } from "./get-projects";
import { beingReported, forgetPendingTip, type PendingTip, rememberPendingTip } from "./pending-tips";

export interface SendCoinInput {
  toWallet: string;
  amount: number;
  projectId: string;
  projectNumber: number;
}

/**
 * wagmi's write actions (~31 KB gzip) load on demand, so they stay out of the page's first load (the
 * 200 KB initial-JS budget); a tip form that appears starts fetching them in the background.
 */
const loadWriteActions = () => import("./transfer-actions");
const loadGasless = () => import("../../../wallet/gasless-transfer");

/**
 * The transfer was mined but the server would not record the tip for this session: it ended while the tip
 * waited (the wallet app switched account or disconnected) or is another wallet's. The coins moved; the tip is
 * kept and reported once its sender is signed in again (resume-pending-tips.ts). Before, it was forgotten:
 * the CC reached the artist and the project never showed it.
 */
export class TipAwaitsSignInError extends Error {
  constructor(readonly fromWallet: string) {
    super(messages.send.recordedAfterSignIn(fromWallet));
    this.name = "TipAwaitsSignInError";
  }
}

/** The transfer was mined but reverted (receipt status 0). */
export class TransferFailedError extends Error {
  constructor() {
    super(messages.wallet.transactionFailed);
    this.name = "TransferFailedError";
  }
}

export function useSendCoin() {
  const prepare = usePrepareWrite();
  const wagmiConfig = useWagmiConfig();
  const { config } = useWalletSetup();
  const balance = useCcBalance();
  const queryClient = useQueryClient();
  /** The hash of the transfer while it waits to be mined. */
  const [pendingHash, setPendingHash] = useState<`0x${string}` | null>(null);
  useEffect(() => {
    void loadWriteActions();
  }, []);

  const mutation = useMutation({
    mutationFn: async ({ toWallet, amount, projectId, projectNumber }: SendCoinInput) => {
      const fromWallet = await prepare();
      const token = config.tokenAddress as `0x${string}`;
      // Issue 14: a tipper whose wallet cannot pay the gas signs the transfer and the class treasury sends it;
      // the tip is then recorded exactly as any other, from the receipt.
      const gasless = await loadGasless();
      const { writeContract } = await loadWriteActions();
      // The treasury answers once it has sent the transfer; it is then waited for like the wallet's own.
      const relayed = await gasless.cannotPayGas(wagmiConfig, fromWallet, config.chainId);
      const hash = relayed
        ? await gasless.relayTransfer(wagmiConfig, {
            from: fromWallet,
            to: toWallet as `0x${string}`,
            value: parseUnits(String(amount), TOKEN_DECIMALS),
            chainId: config.chainId,
            token,
          })
        : await writeContract(wagmiConfig, {
            address: token,
            abi: classCoinAbi,
            functionName: "transfer",
            args: [toWallet as `0x${string}`, parseUnits(String(amount), TOKEN_DECIMALS)],
            chainId: config.chainId,
          });
      setPendingHash(hash);
      const tip: PendingTip = {
        txHash: hash,
        fromWallet,
        toWallet,
        amount,
        projectId,
        projectNumber,
        sentAt: Date.now(),
        relayed,
      };
      rememberPendingTip(tip);
      try {
        return await reportWhenMined(wagmiConfig, config.chainId, tip, setPendingHash);
      } finally {
        setPendingHash(null);
      }
    },
    onError: (error) => {
      // The server said this page's session is gone: the bell offers to sign in again, which reports the tip.
      if (error instanceof TipAwaitsSignInError) setSessionWallet(queryClient, null);
    },
    onSettled: (_data, _error, input) => {
      // Also after a failed report: the coins may have moved on chain all the same.
      balance.refresh();
      void queryClient.invalidateQueries({ queryKey: getProjectsQueryOptions(input.projectNumber).queryKey });
      // A relayed tip took one of the day's gasless transfers.
      void queryClient.invalidateQueries({ queryKey: [GASLESS_QUERY_KEY] });
    },
  });
  return { ...mutation, pendingHash };
}

/**
 * Waits for the tip's transfer to be mined and reports it; forgets the pending tip once it is reported or
 * can never be (not mined: replaced or reverted; refused by the server), keeps it on anything else (the
 * network), for the projects page to report later.
 */
/** `onHash`: the transaction the tip is now, when the treasury signed a relayed one again (shown while waiting). */
export async function reportWhenMined(
  wagmiConfig: WagmiConfig,
  chainId: number,
  tip: PendingTip,
  onHash?: (hash: `0x${string}`) => void,
) {
  beingReported.add(tip.txHash);
  try {
    const { waitForTransactionReceipt } = await loadWriteActions();
    const deadline = Date.now() + RECEIPT_TIMEOUT_MS;
    const wait = async (hash: `0x${string}`, timeout: number) => {
      // Another transaction at its nonce is not this tip; the same transfer repriced is, under its new hash.
      const replacement = replacementWatch();
      const receipt = await waitForTransactionReceipt(wagmiConfig, {
        hash,
        chainId,
        onReplaced: replacement.onReplaced,
        timeout,
      });
      replacement.check();
      return receipt;
    };
    // A relayed tip asks the server now and then which transaction it is: the node may have forgotten the
    // first hash, which the page named (an explorer would say "not found").
    const receipt = tip.relayed
      ? await waitForRelayedReceipt(tip.txHash, deadline, wait, onHash)
      : await wait(tip.txHash, deadline - Date.now());
    if (receipt.status !== "success") throw new TransferFailedError();
    const { fromWallet, toWallet, amount, projectId } = tip;
    const result = await callApi(tipEndpoints.sendCoin, {
      body: { fromWallet, toWallet, amount, projectId, txHash: receipt.transactionHash },
    }).catch((error: unknown) => {
      if (error instanceof ApiError && (error.status === 401 || error.status === 403)) {
        throw new TipAwaitsSignInError(fromWallet);
      }
      throw error;
    });
    forgetPendingTip(tip.txHash);
    return result;
  } catch (error) {
    const final =
      error instanceof TransferFailedError ||
      (error instanceof Error && error.message === messages.wallet.transactionReplaced) ||
      (error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 429);
    if (final) forgetPendingTip(tip.txHash);
    throw error;
  } finally {
    beingReported.delete(tip.txHash);
  }
}
