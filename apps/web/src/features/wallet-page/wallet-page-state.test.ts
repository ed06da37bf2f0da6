import { messages } from "@classcoin/shared/messages";
import { BaseError } from "viem";
import { describe, expect, it } from "vitest";
import {
  assertTransferArguments,
  checkTransferForm,
  displaySymbol,
  initialWalletPageState,
  shouldPollBalance,
  transactionErrorDetail,
  type WalletPageState,
  walletPageReducer,
  walletScreen,
} from "./wallet-page-state";

const alice = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8" as const;
const bob = "0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC" as const;
const hash = `0x${"ab".repeat(32)}` as const;
const token = { name: "ClassCoin", symbol: "CC" };

const loaded: WalletPageState = {
  ...initialWalletPageState,
  selectedAddress: alice,
  tokenData: token,
  balance: 5n * 10n ** 18n,
};

describe("the wallet page's screens follow its state", () => {
  it("behavior: starts not connected, shows the spinner until token data and balance are loaded", () => {
    expect(walletScreen(initialWalletPageState)).toEqual({ screen: "notConnected" });
    const connected = walletPageReducer(initialWalletPageState, { type: "connected", address: alice });
    expect(connected.selectedAddress).toBe(alice);
    expect(walletScreen(connected)).toEqual({ screen: "loading" });
    const withToken = walletPageReducer(connected, { type: "tokenDataLoaded", tokenData: token });
    expect(walletScreen(withToken)).toEqual({ screen: "loading" });
    const withBalance = walletPageReducer(withToken, { type: "balanceLoaded", address: alice, balance: 0n });
    expect(walletScreen(withBalance)).toEqual({ screen: "connected", tokenData: token, address: alice, balance: 0n });
  });

  it("behavior: connecting clears an earlier network error", () => {
    const failed = walletPageReducer(loaded, { type: "networkError", message: "RPC down" });
    expect(failed).toEqual({ ...initialWalletPageState, networkError: "RPC down" });
    expect(walletScreen(failed)).toEqual({ screen: "notConnected" });
    expect(walletPageReducer(failed, { type: "connected", address: alice }).networkError).toBeNull();
  });

  it("behavior: the network-error banner can be dismissed", () => {
    const failed = walletPageReducer(initialWalletPageState, { type: "networkError", message: "RPC down" });
    expect(walletPageReducer(failed, { type: "networkErrorDismissed" }).networkError).toBeNull();
  });

  it("behavior: a balance read for an account no longer selected is dropped", () => {
    expect(walletPageReducer(loaded, { type: "balanceLoaded", address: bob, balance: 1n })).toBe(loaded);
    expect(
      walletPageReducer(loaded, { type: "balanceLoaded", address: alice.toLowerCase() as typeof alice, balance: 1n })
        .balance,
    ).toBe(1n);
  });

  it("behavior: token data arriving after a reset is dropped", () => {
    expect(walletPageReducer(initialWalletPageState, { type: "tokenDataLoaded", tokenData: token })).toBe(
      initialWalletPageState,
    );
  });
});

describe("accountsChanged", () => {
  it("behavior: with no account the page returns to its initial state", () => {
    expect(walletPageReducer({ ...loaded, transactionError: "x" }, { type: "accountsChanged", accounts: [] })).toEqual(
      initialWalletPageState,
    );
  });

  it("behavior: with a new account it re-initialises for that account (token and balance reloaded)", () => {
    const next = walletPageReducer(
      { ...loaded, transactionError: "x", txBeingSent: hash },
      { type: "accountsChanged", accounts: [bob] },
    );
    expect(next).toEqual({ ...initialWalletPageState, selectedAddress: bob });
    expect(walletScreen(next)).toEqual({ screen: "loading" });
  });

  it("behavior: an account that is not an address counts as none", () => {
    expect(walletPageReducer(loaded, { type: "accountsChanged", accounts: ["not-an-address"] })).toEqual(
      initialWalletPageState,
    );
  });
});

describe("chainChanged", () => {
  it("behavior: to another chain the state resets", () => {
    expect(walletPageReducer(loaded, { type: "chainChanged", onTargetChain: false })).toEqual(initialWalletPageState);
  });

  it("behavior: to the target chain token data and balance are reloaded for the same account", () => {
    const next = walletPageReducer(loaded, { type: "chainChanged", onTargetChain: true });
    expect(next).toEqual({ ...loaded, tokenData: null, balance: null });
    expect(walletScreen(next)).toEqual({ screen: "loading" });
  });

  it("behavior: to the target chain while not connected nothing changes", () => {
    expect(walletPageReducer(initialWalletPageState, { type: "chainChanged", onTargetChain: true })).toBe(
      initialWalletPageState,
    );
  });
});

describe("transfer", () => {
  it("behavior: starting clears the previous error, the hash is pending while mining, and the marker always clears", () => {
    let state = walletPageReducer(loaded, { type: "transferFailed", message: "old" });
    expect(state.transactionError).toBe("old");
    state = walletPageReducer(state, { type: "transferStarted" });
    expect(state.transactionError).toBeNull();
    state = walletPageReducer(state, { type: "transactionSent", hash });
    expect(state.txBeingSent).toBe(hash);
    state = walletPageReducer(state, { type: "transferFailed", message: messages.wallet.transactionFailed });
    state = walletPageReducer(state, { type: "transferFinished" });
    expect(state.txBeingSent).toBeNull();
    expect(state.transactionError).toBe("Transaction failed");
  });

  it("behavior: a transfer without gas keeps the form busy from the start until it ends, mined or not", () => {
    let state = walletPageReducer(loaded, { type: "transferStarted" });
    expect(state.relaying).toBe(false);
    state = walletPageReducer(state, { type: "relayStarted" });
    expect(state.relaying).toBe(true);
    state = walletPageReducer(state, { type: "transactionSent", hash });
    expect([state.relaying, state.txBeingSent]).toEqual([false, hash]);
    state = walletPageReducer(walletPageReducer(loaded, { type: "relayStarted" }), {
      type: "transferFailed",
      message: "This transfer authorization was already used.",
    });
    expect(state.relaying).toBe(true);
    expect(walletPageReducer(state, { type: "transferFinished" }).relaying).toBe(false);
  });

  it("behavior: the transaction-error banner can be dismissed", () => {
    const failed = walletPageReducer(loaded, { type: "transferFailed", message: "boom" });
    expect(walletPageReducer(failed, { type: "transactionErrorDismissed" }).transactionError).toBeNull();
  });
});

describe("balance polling", () => {
  it("behavior: runs only while the selected address is a valid address", () => {
    expect(shouldPollBalance(initialWalletPageState)).toBe(false);
    expect(shouldPollBalance(loaded)).toBe(true);
    expect(shouldPollBalance({ ...loaded, selectedAddress: "0x1234" as typeof alice })).toBe(false);
  });
});

describe("the transfer form's checks", () => {
  it("behavior: a recipient that is not an address alerts the invalid-address text", () => {
    expect(checkTransferForm({ amount: "1", recipient: "0x123" })).toEqual({
      ok: false,
      alert: "❌ Please enter a valid Ethereum address.",
    });
  });

  it.each(["", "0", "-1", "abc", "  "])("behavior: amount %j alerts the invalid-amount text", (amount) => {
    expect(checkTransferForm({ amount, recipient: bob })).toEqual({
      ok: false,
      alert: "❌ Please enter a valid amount greater than 0.",
    });
  });

  it("behavior: an amount finer than the token's 18 decimals, which would send 0 CC, alerts the invalid-amount text", () => {
    // Before, "0.0000000000000000001" passed (a number above 0), was rounded to 0 units and sent as a transfer
    // of 0 CC: gas spent, nothing sent, no message.
    expect(checkTransferForm({ amount: "0.0000000000000000001", recipient: bob, balance: 20n * 10n ** 18n })).toEqual({
      ok: false,
      alert: "❌ Please enter a valid amount greater than 0.",
    });
    expect(() => assertTransferArguments(bob, "0.0000000000000000001")).toThrow(
      "Invalid amount: 0.0000000000000000001",
    );
    // The smallest unit itself is a real amount.
    expect(checkTransferForm({ amount: "0.000000000000000001", recipient: bob })).toEqual({
      ok: true,
      to: bob,
      amount: "0.000000000000000001",
    });
  });

  it("behavior: both fields are trimmed", () => {
    expect(checkTransferForm({ amount: " 2 ", recipient: ` ${bob}\n` })).toEqual({ ok: true, to: bob, amount: "2" });
  });

  it("behavior: the transfer routine repeats the checks and throws", () => {
    expect(() => assertTransferArguments("nope", "1")).toThrow("Invalid recipient address: nope");
    expect(() => assertTransferArguments(bob, "0")).toThrow("Invalid amount: 0");
    expect(assertTransferArguments(` ${bob} `, " 3 ")).toEqual({ to: bob, amount: "3" });
  });
});

describe("transfer errors", () => {
  it("behavior: the banner detail is the error's data message when present, cut to 100 characters", () => {
    const long = "x".repeat(150);
    expect(transactionErrorDetail({ message: "outer", data: { message: long } })).toBe("x".repeat(100));
    const viemWrapped = new BaseError("short summary", {
      cause: Object.assign(new Error("inner"), { data: { message: "reason from node" } }),
    });
    expect(transactionErrorDetail(viemWrapped)).toBe("reason from node");
  });

  it("behavior: without a data message it is the error's own message (not viem's wrapper summary)", () => {
    expect(transactionErrorDetail(new Error("Transaction failed"))).toBe("Transaction failed");
    expect(transactionErrorDetail(new BaseError("short summary", { details: "long details" }))).toBe("long details");
    expect(transactionErrorDetail(new Error("y".repeat(120)))).toHaveLength(100);
  });

  it("behavior: the symbol falls back to CRT when the token has none", () => {
    expect(displaySymbol({ name: "X", symbol: "" })).toBe("CRT");
    expect(displaySymbol(token)).toBe("CC");
  });
});
