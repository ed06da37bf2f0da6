/**
 * Drives the wallet page's state machine with the wallet and the chain (spec §4 "Token wallet page"): the
 * connect flow with raw EIP-1193 calls, the wallet's events, balance polling and the transfer.
 */
import { WALLET_BALANCE_POLL_MS } from "@classcoin/shared/constants";
import { messages } from "@classcoin/shared/messages";
import { useCallback, useEffect, useMemo, useReducer, useRef, useState } from "react";
import { type Address, type Hash, numberToHex } from "viem";
import { useAlert } from "../../ui/alerts";
import { RECEIPT_TIMEOUT_MS } from "../../wallet/replaced-transaction";
import { isUserRejection } from "../../wallet/user-rejection";
import {
  forgetPendingTransfer,
  type PendingTransfer,
  readPendingTransfer,
  rememberPendingTransfer,
} from "./pending-transfer";
import { createTokenClient, type TokenClientConfig } from "./token-client";
import {
  displaySymbol,
  initialWalletPageState,
  shouldPollBalance,
  transactionErrorDetail,
  walletPageReducer,
} from "./wallet-page-state";
import type { WalletProvider } from "./wallet-provider";

/** The API client loads with it, on demand: the wallet page's first load stays small. */
const loadAllowance = () => import("../../wallet/gasless-allowance");

/** A transfer remembered past its wait (the tab was closed that long) still has its receipt looked for. */
const LAST_LOOK_MS = 5_000;

export function useWalletPage(provider: WalletProvider, config: TokenClientConfig) {
  const [state, dispatch] = useReducer(walletPageReducer, initialWalletPageState);
  const alert = useAlert();
  const { chainId, chainName, rpcUrl, tokenAddress } = config;
  const client = useMemo(
    () => createTokenClient({ chainId, chainName, rpcUrl, tokenAddress }),
    [chainId, chainName, rpcUrl, tokenAddress],
  );

  /**
   * A wallet whose window was closed without an answer may never answer: the button stays enabled and a click
   * asks again. An answer to an earlier click arriving once connected (late) changes nothing: connecting
   * again would reset the page, a transfer's pending notice with it.
   */
  const connectedNow = useRef(false);
  connectedNow.current = state.selectedAddress !== null;
  const connect = useCallback(async () => {
    try {
      const accounts = (await provider.request({ method: "eth_requestAccounts" })) as string[];
      if (connectedNow.current) return;
      const current = (await provider.request({ method: "eth_chainId" })) as string;
      if (Number(current) !== chainId) {
        try {
          await provider.request({ method: "wallet_switchEthereumChain", params: [{ chainId: numberToHex(chainId) }] });
        } catch (error) {
          console.error("The wallet did not switch networks", error);
          void alert(messages.chain.switchWallet(chainName));
          return;
        }
      }
      const [first] = accounts;
      if (first && !connectedNow.current) dispatch({ type: "connected", address: first as Address });
    } catch (error) {
      // Spec §8: wallet connection errors are only logged.
      console.error("Could not connect the wallet", error);
    }
  }, [provider, chainId, chainName, alert]);

  const connected = state.selectedAddress !== null;
  useEffect(() => {
    if (!connected) return;
    const onAccountsChanged = (accounts: unknown) =>
      dispatch({ type: "accountsChanged", accounts: Array.isArray(accounts) ? accounts : [] });
    const onChainChanged = (next: unknown) => {
      const onTargetChain = Number(next) === chainId;
      if (!onTargetChain) void alert(messages.chain.switchBack(chainName));
      dispatch({ type: "chainChanged", onTargetChain });
    };
    provider.on("accountsChanged", onAccountsChanged);
    provider.on("chainChanged", onChainChanged);
    return () => {
      provider.removeListener("accountsChanged", onAccountsChanged);
      provider.removeListener("chainChanged", onChainChanged);
    };
  }, [provider, connected, chainId, chainName, alert]);

  const needsTokenData = state.selectedAddress !== null && state.tokenData === null;
  useEffect(() => {
    if (!needsTokenData) return;
    let cancelled = false;
    client.readTokenData().then(
      (tokenData) => {
        if (!cancelled) dispatch({ type: "tokenDataLoaded", tokenData });
      },
      (error: unknown) => {
        if (cancelled) return;
        console.error("Could not load the token", error);
        dispatch({
          type: "networkError",
          message: messages.wallet.loadFailed(chainName, transactionErrorDetail(error)),
        });
      },
    );
    return () => {
      cancelled = true;
    };
  }, [needsTokenData, client, chainName]);

  // Polling restarts when the account changes and stops when it is no longer a valid address.
  const pollAddress = shouldPollBalance(state) ? state.selectedAddress : null;
  useEffect(() => {
    if (!pollAddress) return;
    let stopped = false;
    let inFlight = false;
    const poll = async () => {
      if (inFlight) return;
      inFlight = true;
      try {
        const balance = await client.readBalance(pollAddress);
        if (!stopped) dispatch({ type: "balanceLoaded", address: pollAddress, balance });
      } catch (error) {
        if (!stopped) console.error("Could not read the balance", error);
      } finally {
        inFlight = false;
      }
    };
    void poll();
    const timer = setInterval(poll, WALLET_BALANCE_POLL_MS);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, [pollAddress, client]);

  // Issue 14: whether the wallet can pay gas, read once per account and after each transfer; without gas
  // money the page offers "Send without gas" (the class treasury sends a signed transfer).
  const [noGas, setNoGas] = useState(false);
  // Why the relay would refuse a transfer now (the day's transfers used, the treasury low): said instead of
  // offering "Send without gas". Read with the wallet's session when there is one, again after each transfer.
  const [gaslessReason, setGaslessReason] = useState<string | null>(null);
  const [gasChecks, setGasChecks] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: gasChecks re-reads the gas balance after a transfer
  useEffect(() => {
    if (!pollAddress) return;
    let stopped = false;
    let recheck: ReturnType<typeof setTimeout> | undefined;
    client.cannotPayGas(pollAddress).then(
      async (cannot) => {
        if (stopped) return;
        setNoGas(cannot);
        if (!cannot) return setGaslessReason(null);
        try {
          const allowance = await loadAllowance();
          const read = await allowance.readGaslessAllowance(pollAddress);
          if (stopped) return;
          setGaslessReason(allowance.gaslessUnavailable(read));
          // Asked again when a transfer frees up (or the treasury may have been topped up), not only on reload.
          const wait = allowance.recheckInMs(read);
          if (wait !== null) recheck = setTimeout(() => setGasChecks((n) => n + 1), wait);
        } catch (error) {
          // Not known: the offer stands, and the relay's refusal says why if it comes to that.
          console.error("Could not read the gasless allowance", error);
          if (!stopped) setGaslessReason(null);
        }
      },
      (error: unknown) => console.error("Could not read the gas balance", error),
    );
    return () => {
      stopped = true;
      clearTimeout(recheck);
    };
  }, [pollAddress, client, gasChecks]);

  /** Transfers this page is waiting for: one remembered from before a reload is followed once. */
  const following = useRef(new Set<Hash>());
  const symbol = state.tokenData ? displaySymbol(state.tokenData) : undefined;

  /** Waits for `pending` to be mined and shows the outcome, then forgets it (pending-transfer.ts). */
  const follow = useCallback(
    async (pending: PendingTransfer, symbol: string | undefined) => {
      following.current.add(pending.hash);
      try {
        // The wait ends when it would have without a reload; one already over still reads the receipt once.
        const left = Math.max(pending.sentAt + RECEIPT_TIMEOUT_MS - Date.now(), LAST_LOOK_MS);
        // The page names the transaction the transfer is now: the treasury may sign a relayed one again.
        const receipt = pending.relayed
          ? await client.waitForRelayedReceipt(pending.hash, left, (hash) =>
              dispatch({ type: "transactionSent", hash }),
            )
          : await client.waitForReceipt(pending.hash, left);
        if (receipt.status === "reverted") throw new Error(messages.wallet.transactionFailed);
        dispatch({ type: "balanceLoaded", address: pending.from, balance: await client.readBalance(pending.from) });
      } catch (error) {
        console.error("The transfer failed", error);
        dispatch({ type: "transferFailed", message: transactionErrorDetail(error, symbol) });
      } finally {
        forgetPendingTransfer(pending);
        following.current.delete(pending.hash);
        dispatch({ type: "transferFinished" });
        setGasChecks((n) => n + 1);
      }
    },
    [client],
  );

  const send = useCallback(
    async (to: string, amount: string, withoutGas: boolean) => {
      const from = state.selectedAddress;
      if (!from) return;
      dispatch({ type: "transferStarted" });
      if (withoutGas) dispatch({ type: "relayStarted" });
      let hash: Hash;
      try {
        hash = withoutGas
          ? await client.sendWithoutGas(provider, from, to, amount)
          : await client.sendTransfer(provider, from, to, amount);
      } catch (error) {
        if (!isUserRejection(error)) {
          console.error("The transfer failed", error);
          dispatch({ type: "transferFailed", message: transactionErrorDetail(error, symbol) });
        }
        dispatch({ type: "transferFinished" });
        setGasChecks((n) => n + 1);
        return;
      }
      // Sent and valid (the send checked `to` and `amount`): kept until its outcome is shown, reload or not.
      const pending: PendingTransfer = {
        hash,
        chainId,
        token: tokenAddress as Address,
        from,
        to: to.trim() as Address,
        amount: amount.trim(),
        sentAt: Date.now(),
        relayed: withoutGas,
      };
      rememberPendingTransfer(pending);
      dispatch({ type: "transactionSent", hash });
      await follow(pending, symbol);
    },
    [provider, client, chainId, tokenAddress, state.selectedAddress, symbol, follow],
  );

  // A transfer this wallet sent from a page reloaded (or crashed) before it was mined: shown as pending
  // again, then its outcome, as that page would have.
  const restoreFor =
    state.selectedAddress !== null && state.tokenData !== null && state.txBeingSent === null && !state.relaying
      ? state.selectedAddress
      : null;
  useEffect(() => {
    if (!restoreFor) return;
    const pending = readPendingTransfer(chainId, tokenAddress, restoreFor);
    if (!pending) return;
    dispatch({ type: "transactionSent", hash: pending.hash });
    // Already followed when the same account comes back (accountsChanged): shown again, not waited for twice.
    if (!following.current.has(pending.hash)) void follow(pending, symbol);
  }, [restoreFor, chainId, tokenAddress, follow, symbol]);

  const transfer = useCallback((to: string, amount: string) => send(to, amount, false), [send]);
  const transferWithoutGas = useCallback((to: string, amount: string) => send(to, amount, true), [send]);

  return {
    state,
    connect,
    transfer,
    noGas,
    gaslessReason,
    transferWithoutGas,
    dismissNetworkError: () => dispatch({ type: "networkErrorDismissed" }),
    dismissTransactionError: () => dispatch({ type: "transactionErrorDismissed" }),
  };
}
