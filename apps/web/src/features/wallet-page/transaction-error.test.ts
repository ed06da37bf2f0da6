/**
 * The wallet page's transaction-error detail (spec §8) with the errors viem really produces: a wallet's
 * error goes through viem's custom transport and writeContract exactly as on the page.
 */
import { ERROR_BANNER_MAX_CHARS } from "@classcoin/shared/constants";
import { relayEndpoints } from "@classcoin/shared/endpoints/relay";
import { messages } from "@classcoin/shared/messages";
import {
  createClient,
  custom,
  encodeErrorResult,
  erc20Abi,
  parseUnits,
  WaitForTransactionReceiptTimeoutError,
} from "viem";
import { writeContract } from "viem/actions";
import { foundry } from "viem/chains";
import { describe, expect, it } from "vitest";
import { readAnswer } from "../../lib/api-client";
import { noGasMessage, notMinedMessage, tokenErrorsAbi, transactionErrorDetail } from "./transaction-error";
import { checkTransferForm, formatTokenAmount } from "./wallet-page-state";

const from = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8" as const;
const to = "0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC" as const;
const token = "0x5FbDB2315678afecb367f032d93F642f64180aa3" as const;

/** What the page's transfer throws when the wallet answers every request but eth_chainId with `error`. */
async function transferError(error: unknown): Promise<unknown> {
  const wallet = createClient({
    account: from,
    chain: foundry,
    transport: custom({
      async request({ method }) {
        if (method === "eth_chainId") return "0x7a69";
        throw error;
      },
    }),
  });
  try {
    // The page's call: the plain ERC-20 ABI (no custom errors), as for any test-network token.
    await writeContract(wallet, {
      address: token,
      abi: erc20Abi,
      functionName: "transfer",
      args: [to, parseUnits("1000", 18)],
    });
  } catch (thrown) {
    return thrown;
  }
  throw new Error("writeContract did not fail");
}

const insufficient = encodeErrorResult({
  abi: tokenErrorsAbi,
  errorName: "ERC20InsufficientBalance",
  args: [from, parseUnits("5", 18), parseUnits("1000", 18)],
});

describe("the transaction-error banner's detail", () => {
  it("behavior: a node's revert with an OpenZeppelin custom error is said in words, not 'custom erro…'", async () => {
    // anvil (and most nodes) answer eth_estimateGas with code 3 and the revert data.
    const error = await transferError({
      code: 3,
      message: "execution reverted: custom error 0xe450d38c",
      data: insufficient,
    });
    expect(transactionErrorDetail(error)).toBe(
      "Insufficient balance: the account holds 5 CC, the transfer needs 1,000 CC",
    );
  });

  it("behavior: MetaMask's -32603 carrying the revert in data is decoded too", async () => {
    const error = await transferError({
      code: -32603,
      message: "Internal JSON-RPC error.",
      data: { code: 3, message: "execution reverted", data: insufficient },
    });
    expect(transactionErrorDetail(error, "CC")).toMatch(/^Insufficient balance: the account holds 5 CC/);
  });

  it("behavior: a wallet passing on only the node's words ('custom error 0x…') is decoded from them", async () => {
    // What a wallet that estimates gas itself forwards: the message, without the revert data.
    const withArgs = await transferError({
      code: -32603,
      message: `execution reverted: custom error ${insufficient.slice(0, 10)}: ${insufficient.slice(10)}`,
    });
    expect(transactionErrorDetail(withArgs)).toBe(
      "Insufficient balance: the account holds 5 CC, the transfer needs 1,000 CC",
    );
    const selectorOnly = await transferError({ code: -32603, message: "execution reverted: custom error 0xec442f05:" });
    expect(transactionErrorDetail(selectorOnly)).toBe("Invalid recipient: tokens cannot be sent to this address");
  });

  it("behavior: an undecodable revert with a data message shows the data message (spec §8)", async () => {
    const error = await transferError({
      code: -32603,
      message: "Internal JSON-RPC error.",
      data: { code: -32000, message: "gas required exceeds allowance (0)" },
    });
    expect(transactionErrorDetail(error)).toBe("gas required exceeds allowance (0)");
  });

  it("behavior: a plain wallet error without data shows its own message, not viem's wrapper", async () => {
    const error = await transferError({ code: -32603, message: "Internal JSON-RPC error." });
    expect(String((error as Error).message)).toContain("reverted with the following reason");
    expect(transactionErrorDetail(error)).toBe("Internal JSON-RPC error.");
  });

  it("behavior: a sender without ETH for gas is told to get some, not shown the node's arithmetic", async () => {
    // geth's and anvil's words when estimating a transfer from a wallet with 0 ETH, direct and as MetaMask wraps them.
    const direct = await transferError({
      code: -32000,
      message: "insufficient funds for gas * price + value: have 0 want 21000000000000",
    });
    expect(transactionErrorDetail(direct)).toBe(noGasMessage);
    const wrapped = await transferError({
      code: -32603,
      message: "Internal JSON-RPC error.",
      data: { code: -32000, message: "Insufficient funds for gas * price + value" },
    });
    expect(transactionErrorDetail(wrapped)).toBe(noGasMessage);
    expect(noGasMessage.length).toBeLessThanOrEqual(ERROR_BANNER_MAX_CHARS);
  });

  it("behavior: a transfer still not mined when the page stops waiting says what to do", () => {
    // What viem's waitForTransactionReceipt throws at its timeout (RECEIPT_TIMEOUT_MS on this page).
    const hash = `0x${"ab".repeat(32)}` as const;
    expect(transactionErrorDetail(new WaitForTransactionReceiptTimeoutError({ hash }))).toBe(notMinedMessage);
    expect(notMinedMessage.length).toBeLessThanOrEqual(ERROR_BANNER_MAX_CHARS);
  });

  it("behavior: a long message is cut to 100 characters", async () => {
    const error = await transferError({ code: -32603, message: "z".repeat(300) });
    expect(transactionErrorDetail(error)).toBe("z".repeat(ERROR_BANNER_MAX_CHARS));
    expect(transactionErrorDetail(new Error("Transaction failed"))).toBe("Transaction failed");
  });
});

describe("the transfer form's amount", () => {
  const recipient = to;
  const balance = parseUnits("11012", 18);

  it("behavior: more than the balance is refused before the wallet is asked", () => {
    expect(checkTransferForm({ amount: "11013", recipient, balance, symbol: "CC" })).toEqual({
      ok: false,
      alert: "❌ Insufficient balance: you have 11,012 CC.",
    });
    expect(checkTransferForm({ amount: "11012", recipient, balance, symbol: "CC" })).toEqual({
      ok: true,
      to: recipient,
      amount: "11012",
    });
  });

  it("behavior: balances are written as the platform writes them (11,012 CC)", () => {
    expect(formatTokenAmount(balance)).toBe("11,012");
    expect(formatTokenAmount(parseUnits("1234567.25", 18))).toBe("1,234,567.25");
    expect(formatTokenAmount(0n)).toBe("0");
  });

  it("behavior: a gasless transfer the server refuses shows its whole reason, with what to do", async () => {
    // What "Send without gas" throws when POST /api/relay/transfer answers the treasury's reserve refusal
    // (503) or the class's daily limit (429), read by the page's own API client. Before: cut to 100
    // characters, "…welcome grants, so gas", and the student never read that gasless transfers are paused
    // nor what to do.
    for (const [status, reason] of [
      [503, messages.relay.treasuryReserve],
      [429, messages.relay.classDailyLimit(300)],
    ] as const) {
      const refusal = await readAnswer(
        relayEndpoints.transfer,
        new Response(JSON.stringify({ error: reason }), { status, headers: { "content-type": "application/json" } }),
      ).catch((error: unknown) => error);
      expect(reason.length).toBeGreaterThan(ERROR_BANNER_MAX_CHARS);
      const banner = messages.wallet.sendErrorPrefix + transactionErrorDetail(refusal);
      expect(banner).toBe(`${messages.wallet.sendErrorPrefix}${reason}`);
    }
  });
});
