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

/** Sends `eth` then `cc` from `from` to `to`, each awaited to a successful receipt; throws otherwise. */
export async function fund(
  from: WalletClient<Transport, Chain, Account>,
  reader: Pick<PublicClient, "waitForTransactionReceipt">,
  to: `0x${string}`,
  request: FundRequest,
): Promise<Funded> {
  const funded: Funded = {};
  const mined = async (hash: `0x${string}`, what: string) => {
    const receipt = await reader.waitForTransactionReceipt({ hash, pollingInterval: 50 });
    if (receipt.status !== "success") throw new Error(`Funding ${to} with ${what} failed (tx ${hash})`);
    return hash;
  };
  if (request.eth !== undefined) {
    const value = parseEther(String(request.eth));
    const hash = await withNonceRetry(() => from.sendTransaction({ to, value }));
    funded.ethHash = await mined(hash, `${request.eth} ETH`);
  }
  if (request.cc !== undefined) {
    if (!request.token) throw new Error("fund: `token` is required to send CC");
    const { token } = request;
    const amount = parseUnits(String(request.cc), 18);
    const hash = await withNonceRetry(() =>
      from.writeContract({ address: token, abi: classCoinAbi, functionName: "transfer", args: [to, amount] }),
    );
    funded.ccHash = await mined(hash, `${request.cc} CC`);
  }
  return funded;
}
