/**
 * The token wallet page as a state machine (spec §3 "Page state", §4 "Token wallet page"). The reducer is
 * pure; the hook in use-wallet-page.ts talks to the wallet and the chain and reports what happened here.
 */
import { FALLBACK_TOKEN_SYMBOL, TOKEN_DECIMALS } from "@classcoin/shared/constants";
import { messages } from "@classcoin/shared/messages";
import { type Address, formatUnits, type Hash, isAddress, parseUnits } from "viem";

export interface TokenData {
  name: string;
  symbol: string;
}

export interface WalletPageState {
  tokenData: TokenData | null;
  selectedAddress: Address | null;
  balance: bigint | null;
  /** Hash of the transfer waiting to be mined. */
  txBeingSent: Hash | null;
  /**
   * A transfer "without gas" is being signed and handed to the class treasury, which answers with its hash
   * once sent (then `txBeingSent`). The form is busy meanwhile.
   */
  relaying: boolean;
  /** What went wrong with the last transfer (already cut for the banner). */
  transactionError: string | null;
  networkError: string | null;
}

export const initialWalletPageState: WalletPageState = {
  tokenData: null,
  selectedAddress: null,
  balance: null,
  txBeingSent: null,
  relaying: false,
  transactionError: null,
  networkError: null,
};

export type WalletPageEvent =
  /** Connect succeeded (accounts granted, right chain): the first account is selected. */
  | { type: "connected"; address: Address }
  | { type: "tokenDataLoaded"; tokenData: TokenData }
  /** A balance read for `address`; ignored when another account has been selected since. */
  | { type: "balanceLoaded"; address: Address; balance: bigint }
  /** The wallet's accountsChanged: none → initial state, else re-initialise with the new account. */
  | { type: "accountsChanged"; accounts: readonly string[] }
  /** The wallet's chainChanged: another chain → initial state; the target chain → reload token data and balance. */
  | { type: "chainChanged"; onTargetChain: boolean }
  /** Loading the token failed (RPC down, no contract at the address): back to "not connected" with a banner. */
  | { type: "networkError"; message: string }
  | { type: "networkErrorDismissed" }
  | { type: "transferStarted" }
  | { type: "relayStarted" }
  | { type: "transactionSent"; hash: Hash }
  | { type: "transferFailed"; message: string }
  | { type: "transferFinished" }
  | { type: "transactionErrorDismissed" };

export function walletPageReducer(state: WalletPageState, event: WalletPageEvent): WalletPageState {
  switch (event.type) {
    case "connected":
      return { ...initialWalletPageState, selectedAddress: event.address };
    case "tokenDataLoaded":
      return state.selectedAddress ? { ...state, tokenData: event.tokenData } : state;
    case "balanceLoaded":
      return state.selectedAddress?.toLowerCase() === event.address.toLowerCase()
        ? { ...state, balance: event.balance }
        : state;
    case "accountsChanged": {
      const [next] = event.accounts;
      if (!next || !isAddress(next, { strict: false })) return initialWalletPageState;
      return { ...initialWalletPageState, selectedAddress: next };
    }
    case "chainChanged":
      if (!event.onTargetChain) return initialWalletPageState;
      return state.selectedAddress ? { ...state, tokenData: null, balance: null } : state;
    case "networkError":
      return { ...initialWalletPageState, networkError: event.message };
    case "networkErrorDismissed":
      return { ...state, networkError: null };
    case "transferStarted":
      return { ...state, transactionError: null };
    case "relayStarted":
      return { ...state, relaying: true };
    case "transactionSent":
      return { ...state, txBeingSent: event.hash, relaying: false };
    case "transferFailed":
      return { ...state, transactionError: event.message };
    case "transferFinished":
      return { ...state, txBeingSent: null, relaying: false };
    case "transactionErrorDismissed":
      return { ...state, transactionError: null };
  }
}

/** Which of the four screens of spec §2 to show (state 1, no wallet, is decided before any state exists). */
export type WalletScreen =
  | { screen: "notConnected" }
  | { screen: "loading" }
  | { screen: "connected"; tokenData: TokenData; address: Address; balance: bigint };

export function walletScreen(state: WalletPageState): WalletScreen {
  if (!state.selectedAddress) return { screen: "notConnected" };
  if (!state.tokenData || state.balance === null) return { screen: "loading" };
  return { screen: "connected", tokenData: state.tokenData, address: state.selectedAddress, balance: state.balance };
}

/** Balance polling runs only for a valid selected address (spec §5). */
export function shouldPollBalance(state: WalletPageState): boolean {
  return state.selectedAddress !== null && isAddress(state.selectedAddress, { strict: false });
}

export const displaySymbol = (tokenData: TokenData): string => tokenData.symbol || FALLBACK_TOKEN_SYMBOL;

export type TransferFormCheck = { ok: true; to: Address; amount: string } | { ok: false; alert: string };

/** A token amount as the platform writes amounts: thousands grouped, every decimal kept ("11,012.5"). */
export function formatTokenAmount(value: bigint): string {
  const [whole = "0", fraction] = formatUnits(value, TOKEN_DECIMALS).split(".");
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  return fraction ? `${grouped}.${fraction}` : grouped;
}

/** More than the balance: said before the wallet is asked, not as a revert afterwards. */
export const insufficientBalanceAlert = (balance: bigint, symbol: string) =>
  `❌ ${messages.send.insufficient}: you have ${formatTokenAmount(balance)} ${symbol}.`;

const isPositiveNumber = (value: string) => value !== "" && Number.isFinite(Number(value)) && Number(value) > 0;

/**
 * Positive, and still positive in the token's smallest unit: an amount finer than its 18 decimals
 * ("0.0000000000000000001") rounds to 0 there, and was sent as a transfer of 0 (gas spent, nothing sent, no
 * error shown). One that is not a plain decimal ("1e3") is left to the transfer routine, which reports it.
 */
const isPositiveAmount = (value: string) => {
  if (!isPositiveNumber(value)) return false;
  try {
    return parseUnits(value, TOKEN_DECIMALS) > 0n;
  } catch {
    return true;
  }
};

/**
 * The transfer form's checks (spec §5): the recipient first, then the amount; both trimmed. Given the balance,
 * an amount above it is refused too, before the wallet is asked.
 */
export function checkTransferForm(input: {
  amount: string;
  recipient: string;
  balance?: bigint;
  symbol?: string;
}): TransferFormCheck {
  const to = input.recipient.trim();
  const amount = input.amount.trim();
  if (!isAddress(to, { strict: false })) return { ok: false, alert: messages.wallet.invalidAddress };
  if (!isPositiveAmount(amount)) return { ok: false, alert: messages.wallet.invalidAmount };
  if (input.balance !== undefined) {
    let wei: bigint | undefined;
    try {
      wei = parseUnits(amount, TOKEN_DECIMALS);
    } catch {
      // Not a plain decimal (e.g. "1e3"): the transfer routine reports it.
    }
    if (wei !== undefined && wei > input.balance) {
      return { ok: false, alert: insufficientBalanceAlert(input.balance, input.symbol ?? FALLBACK_TOKEN_SYMBOL) };
    }
  }
  return { ok: true, to, amount };
}

/** The transfer routine repeats the form's checks and throws (spec §5). */
export function assertTransferArguments(to: string, amount: string): { to: Address; amount: string } {
  const recipient = to.trim();
  const value = amount.trim();
  if (!isAddress(recipient, { strict: false })) throw new Error(messages.wallet.invalidRecipientThrow(to));
  if (!isPositiveAmount(value)) throw new Error(messages.wallet.invalidAmountThrow(amount));
  return { to: recipient, amount: value };
}

/** The transaction-error banner's detail (spec §8), custom errors decoded: see transaction-error.ts. */
export { transactionErrorDetail } from "./transaction-error";
