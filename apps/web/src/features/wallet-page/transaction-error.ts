/**
 * The transaction-error banner's detail (spec §8): "the first 100 characters of the message, taken from the
 * error's data message if present, else its message". Before that rule applies, a revert with an OpenZeppelin
 * custom error (ERC-6093: `ERC20InsufficientBalance(sender, balance, needed)`, …) is decoded from the token's
 * ABI and said in words; a node's "execution reverted: custom error 0xe450d38c…" helps nobody.
 *
 * - decoded custom error: e.g. "Insufficient balance: the account holds 5 CC, the transfer needs 1,000 CC";
 * - a node refusing for want of ETH ("insufficient funds for gas * price + value: have 0 want …", what a
 *   student who owns only CC meets first): said as what to do about it;
 * - else the data message a wallet puts on its error (`data.message`, e.g. MetaMask's -32603 with the node's
 *   reason), anywhere in the chain of causes viem wraps around it;
 * - else the error's own message: the innermost error's (the wallet's or the node's words), not the summary
 *   viem's wrappers put around it ("The contract function "transfer" reverted with the following reason: …").
 *
 * The 100-character cut is for those words of a wallet or a node. A refusal by this site's own server ("Send
 * without gas": the treasury down to its reserve, the class's daily limit, a sign-in refused) is shown whole:
 * it is written to be read, and its end says what to do ("Ask your instructor to top up the treasury…"), which
 * the cut took away.
 */
import { classCoinAbi } from "@classcoin/contracts/generated/ClassCoin";
import { ERROR_BANNER_MAX_CHARS, TOKEN_DECIMALS } from "@classcoin/shared/constants";
import {
  BaseError,
  ContractFunctionRevertedError,
  decodeErrorResult,
  formatUnits,
  type Hex,
  InsufficientFundsError,
  keccak256,
  toBytes,
  WaitForTransactionReceiptTimeoutError,
} from "viem";
import { ApiError } from "../../lib/api-client";
import { RECEIPT_TIMEOUT_MS } from "../../wallet/replaced-transaction";
import { type ErrorLike, errorChain } from "../../wallet/user-rejection";

/** The token's custom errors (OpenZeppelin ERC-6093 and Ownable), to decode reverts with. */
export const tokenErrorsAbi = classCoinAbi.filter((item) => item.type === "error");

interface DecodedError {
  errorName: string;
  args: readonly unknown[] | undefined;
}

const amount = (value: unknown, symbol: string) =>
  typeof value === "bigint"
    ? `${Number(formatUnits(value, TOKEN_DECIMALS)).toLocaleString("en-US", { maximumFractionDigits: 6 })} ${symbol}`
    : String(value);

/**
 * A decoded custom error in words (within the banner's 100 characters for the common ones). Without its
 * arguments (only the selector was known) the sentence says what it can.
 */
export function describeCustomError({ errorName, args }: DecodedError, symbol = "CC"): string {
  const [a, b, c] = args ?? [];
  const known = args !== undefined && args.length > 0;
  switch (errorName) {
    case "ERC20InsufficientBalance":
      return known
        ? `Insufficient balance: the account holds ${amount(b, symbol)}, the transfer needs ${amount(c, symbol)}`
        : "Insufficient balance: the account holds less than the transfer needs";
    case "ERC20InsufficientAllowance":
      return known
        ? `Insufficient allowance: ${amount(b, symbol)} approved, ${amount(c, symbol)} needed`
        : "Insufficient allowance: less is approved than the transfer needs";
    case "ERC20InvalidReceiver":
      return `Invalid recipient: tokens cannot be sent to ${known ? String(a) : "this address"}`;
    case "ERC20InvalidSender":
      return `Invalid sender: tokens cannot be sent from ${known ? String(a) : "this address"}`;
    case "ERC20InvalidApprover":
      return known ? `Invalid approver: ${String(a)}` : "Invalid approver";
    case "ERC20InvalidSpender":
      return known ? `Invalid spender: ${String(a)}` : "Invalid spender";
    case "OwnableUnauthorizedAccount":
      return known
        ? `Only the token owner may do this; ${String(a)} is not the owner`
        : "Only the token owner may do this";
    case "OwnableInvalidOwner":
      return known ? `Invalid owner: ${String(a)}` : "Invalid owner";
    default:
      return `The token refused the transfer (${errorName})`;
  }
}

/** The selector of each of the token's errors, e.g. 0xec442f05 → ERC20InvalidReceiver. */
const errorsBySelector = new Map(
  tokenErrorsAbi.map((item) => [
    keccak256(toBytes(`${item.name}(${item.inputs.map((input) => input.type).join(",")})`)).slice(0, 10),
    item.name,
  ]),
);

/** "execution reverted: custom error 0xe450d38c: 000…" as nodes word a revert they cannot decode. */
const CUSTOM_ERROR_IN_TEXT = /custom error (0x[0-9a-fA-F]{8})\b:?((?:\s*[0-9a-fA-F]{2})*)/;

/** A custom error named only in a message (a wallet that passes the node's words on without the data). */
function customErrorInText(text: string): DecodedError | null {
  const match = CUSTOM_ERROR_IN_TEXT.exec(text);
  if (!match?.[1]) return null;
  const selector = match[1].toLowerCase();
  const data = `${selector}${(match[2] ?? "").replace(/\s+/g, "")}` as Hex;
  try {
    const decoded = decodeErrorResult({ abi: tokenErrorsAbi, data });
    return { errorName: decoded.errorName, args: decoded.args };
  } catch {
    const errorName = errorsBySelector.get(selector);
    return errorName ? { errorName, args: undefined } : null;
  }
}

const isHex = (value: unknown): value is Hex => typeof value === "string" && /^0x[0-9a-fA-F]{8,}$/.test(value);

/** A custom error viem decoded, or revert data anywhere in the chain that the token's ABI decodes. */
function decodedCustomError(error: unknown): DecodedError | null {
  if (error instanceof BaseError) {
    const reverted = error.walk((e) => e instanceof ContractFunctionRevertedError);
    if (reverted instanceof ContractFunctionRevertedError) {
      if (reverted.data?.errorName) return { errorName: reverted.data.errorName, args: reverted.data.args };
      // The ABI the call was made with lacks the error (a plain ERC-20 ABI): decode the raw data with ours.
      if (isHex(reverted.raw)) {
        try {
          const decoded = decodeErrorResult({ abi: tokenErrorsAbi, data: reverted.raw });
          return { errorName: decoded.errorName, args: decoded.args };
        } catch {
          // Not one of the token's errors.
        }
      }
    }
  }
  for (const e of errorChain(error)) {
    const data = e.data as { data?: unknown } | string | undefined;
    const raw = isHex(data) ? data : data && typeof data === "object" && isHex(data.data) ? data.data : undefined;
    if (!raw) continue;
    try {
      const decoded = decodeErrorResult({ abi: tokenErrorsAbi, data: raw });
      return { errorName: decoded.errorName, args: decoded.args };
    } catch {
      // Not one of the token's errors (or not revert data at all).
    }
  }
  for (const e of errorChain(error)) {
    const data = e.data as { message?: unknown } | undefined;
    const details = (e as { details?: unknown }).details;
    for (const text of [e.message, e.shortMessage, details, data?.message]) {
      const found = typeof text === "string" ? customErrorInText(text) : null;
      if (found) return found;
    }
  }
  return null;
}

function dataMessage(error: unknown): string | null {
  for (const e of errorChain(error)) {
    const data = e.data as { message?: unknown } | undefined;
    if (data && typeof data === "object" && typeof data.message === "string" && data.message) return data.message;
  }
  return null;
}

/** The innermost error's own words: a viem error's `details` (its cause's message), else the message. */
function ownMessage(error: unknown): string {
  let innermost: ErrorLike | undefined;
  for (const e of errorChain(error)) {
    if (typeof e.message === "string" || typeof e.shortMessage === "string") innermost = e;
  }
  if (!innermost) return String(error);
  if (innermost instanceof BaseError) return innermost.details || innermost.shortMessage;
  return typeof innermost.message === "string" ? innermost.message : String(innermost.shortMessage);
}

export const noGasMessage = "Not enough ETH to pay for gas: get test ETH (GET SEPOLIA ETH above), then try again";

/** The node's (or viem's) refusal because the sender's ETH does not cover gas × price + value. */
function lacksEthForGas(error: unknown): boolean {
  if (error instanceof BaseError && error.walk((e) => e instanceof InsufficientFundsError)) return true;
  for (const e of errorChain(error)) {
    const data = e.data as { message?: unknown } | undefined;
    if ([e.message, data?.message].some((text) => typeof text === "string" && /insufficient funds/i.test(text))) {
      return true;
    }
  }
  return false;
}

/**
 * The page waited RECEIPT_TIMEOUT_MS and the transfer is still not in a block: dropped by the
 * network, or replaced in the wallet while the page was closed. viem's "Timed out while waiting for
 * transaction with hash … to be confirmed." says neither what happened to the CC nor what to do.
 */
export const notMinedMessage = `Not mined after ${RECEIPT_TIMEOUT_MS / 60_000} minutes: check it in your wallet app, then send again only if it was dropped`;

export function transactionErrorDetail(error: unknown, symbol = "CC"): string {
  if (error instanceof ApiError) return error.errors?.join(", ") || error.message;
  const custom = decodedCustomError(error);
  const timedOut = error instanceof BaseError && error.walk((e) => e instanceof WaitForTransactionReceiptTimeoutError);
  const text = custom
    ? describeCustomError(custom, symbol)
    : lacksEthForGas(error)
      ? noGasMessage
      : timedOut
        ? notMinedMessage
        : (dataMessage(error) ?? ownMessage(error));
  return text.substring(0, ERROR_BANNER_MAX_CHARS);
}
