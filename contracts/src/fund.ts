/**
 * "Fund a wallet": the treasury (or any funded wallet) sends native coin for gas and/or CC, and waits until
 * each transfer is mined. The faucet, the demo seed, the tests and the end-to-end harness all fund this way.
 */
import {
  type Account,
  type Chain,
  type PublicClient,
  parseEther,
  parseUnits,
  type Transport,
  WaitForTransactionReceiptTimeoutError,
  type WalletClient,
} from "viem";
import { classCoinAbi } from "./generated/ClassCoin";

export interface FundRequest {
  /** The ClassCoin address; required when `cc` is given. */
  token?: `0x${string}`;
  /** Whole CC (decimals allowed, e.g. "2.5"), sent with `transfer`. */
  cc?: number | string;
  /** Whole ETH (decimals allowed), sent as a plain value transfer. */
  eth?: number | string;
}

export interface Funded {
  ethHash?: `0x${string}`;
  ccHash?: `0x${string}`;
}

/**
 * The treasury may be sending from another process at the same moment (the API's grants, another test
 * file): a transaction that lost its nonce to it is prepared again with the next one.
 */
async function withNonceRetry(send: () => Promise<`0x${string}`>): Promise<`0x${string}`> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await send();
    } catch (error) {
      if (attempt >= 5 || !/nonce|underpriced/i.test((error as Error).message)) throw error;
      await new Promise((resolve) => setTimeout(resolve, 25 * attempt));
    }
  }
}

/** How long a transfer may stay unmined before the node is asked whether it still holds it. */
const STALL_MS = 30_000;
/** Sends of one transfer before giving up on a node that keeps losing it. */
const MAX_SENDS = 3;

export interface FundOptions {
  /** Milliseconds a transfer may stay unmined before the node is asked whether it still holds it (30 s). */
  stallMs?: number;
}

type Reader = Pick<PublicClient, "waitForTransactionReceipt" | "getTransaction">;

/**
 * Sends with `send` until one transaction of it is mined, and returns that one's hash. Another process sending
 * from the same account (the API's treasury, a second test file, a faucet run) can take the transfer's nonce
 * before it is mined: the node then drops it, or mines the other transaction in its place, and no receipt ever
 * comes (viem waits out its 180 s). Such a transfer is sent again with a fresh nonce. One the node still holds is
 * only slow and is waited for, never sent a second time, so a slow chain cannot fund a wallet twice.
 */
async function sendUntilMined(
  reader: Reader,
  send: () => Promise<`0x${string}`>,
  what: string,
  stallMs: number,
): Promise<`0x${string}`> {
  for (let sends = 1; ; sends++) {
    const hash = await withNonceRetry(send);
    for (;;) {
      let replaced = false;
      try {
        const receipt = await reader.waitForTransactionReceipt({
          hash,
          pollingInterval: 50,
          timeout: stallMs,
          // "repriced" is this transfer at a higher fee (the same to, value and data): it still funds.
          onReplaced: ({ reason }) => {
            replaced = reason !== "repriced";
          },
        });
        if (!replaced) {
          if (receipt.status !== "success") throw new Error(`Funding ${what} failed (tx ${receipt.transactionHash})`);
          return receipt.transactionHash;
        }
      } catch (error) {
        if (!(error instanceof WaitForTransactionReceiptTimeoutError)) throw error;
        const held = await reader.getTransaction({ hash }).then(
          () => true,
          () => false,
        );
        if (held) continue;
      }
      break;
    }
    if (sends >= MAX_SENDS) {
      throw new Error(
        `Funding ${what}: the node lost the transfer ${sends} times (last ${hash}), each time to another transaction at its nonce; stop the other process sending from this account, then try again`,
      );
    }
  }
}

/** Sends `eth` then `cc` from `from` to `to`, each awaited to a successful receipt; throws otherwise. */
export async function fund(
  from: WalletClient<Transport, Chain, Account>,
  reader: Reader,
  to: `0x${string}`,
  request: FundRequest,
  options: FundOptions = {},
): Promise<Funded> {
  const funded: Funded = {};
  const stallMs = options.stallMs ?? STALL_MS;
  if (request.eth !== undefined) {
    const value = parseEther(String(request.eth));
    funded.ethHash = await sendUntilMined(
      reader,
      () => from.sendTransaction({ to, value }),
      `${to} with ${request.eth} ETH`,
      stallMs,
    );
  }
  if (request.cc !== undefined) {
    if (!request.token) throw new Error("fund: `token` is required to send CC");
    const { token } = request;
    const amount = parseUnits(String(request.cc), 18);
    funded.ccHash = await sendUntilMined(
      reader,
      () => from.writeContract({ address: token, abi: classCoinAbi, functionName: "transfer", args: [to, amount] }),
      `${to} with ${request.cc} CC`,
      stallMs,
    );
  }
  return funded;
}
