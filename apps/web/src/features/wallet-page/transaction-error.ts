/**
 * The transaction-error banner's detail (spec §8): "the first 100 characters of the message, taken from the
 * error's data message if present, else its message". Before that rule applies, a revert with an OpenZeppelin
 * custom error (ERC-6093: `ERC20InsufficientBalance(sender, balance, needed)`, …) is decoded from the token's
 * ABI and said in words; a node's "execution reverted: custom error 0xe450d38c…" helps nobody.
 *
 * - decoded custom error: e.g. "Insufficient balance: the account holds 5 CC, the transfer needs 1,000 CC";
 * - else the data message a wallet puts on its error (`data.message`, e.g. MetaMask's -32603 with the node's
 *   reason), anywhere in the chain of causes viem wraps around it;
 * - else the error's own message: the innermost error's (the wallet's or the node's words), not the summary
 *   viem's wrappers put around it ("The contract function "transfer" reverted with the following reason: …").
 */
import { classCoinAbi } from "@classcoin/contracts/generated/ClassCoin";
import { ERROR_BANNER_MAX_CHARS, TOKEN_DECIMALS } from "@classcoin/shared/constants";
import { BaseError, ContractFunctionRevertedError, decodeErrorResult, formatUnits, type Hex } from "viem";
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

/** A decoded custom error in words (within the banner's 100 characters for the common ones). */
export function describeCustomError({ errorName, args = [] }: DecodedError, symbol = "CC"): string {
  const [a, b, c] = args;
  switch (errorName) {
    case "ERC20InsufficientBalance":
      return `Insufficient balance: the account holds ${amount(b, symbol)}, the transfer needs ${amount(c, symbol)}`;
    case "ERC20InsufficientAllowance":
      return `Insufficient allowance: ${amount(b, symbol)} approved, ${amount(c, symbol)} needed`;
    case "ERC20InvalidReceiver":
      return `Invalid recipient: tokens cannot be sent to ${String(a)}`;
    case "ERC20InvalidSender":
      return `Invalid sender: tokens cannot be sent from ${String(a)}`;
    case "ERC20InvalidApprover":
      return `Invalid approver: ${String(a)}`;
    case "ERC20InvalidSpender":
      return `Invalid spender: ${String(a)}`;
    case "OwnableUnauthorizedAccount":
      return `Only the token owner may do this; ${String(a)} is not the owner`;
    case "OwnableInvalidOwner":
      return `Invalid owner: ${String(a)}`;
    default:
      return `The token refused the transfer (${errorName})`;
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

export function transactionErrorDetail(error: unknown, symbol = "CC"): string {
  const custom = decodedCustomError(error);
  const text = custom ? describeCustomError(custom, symbol) : (dataMessage(error) ?? ownMessage(error));
  return text.substring(0, ERROR_BANNER_MAX_CHARS);
}
