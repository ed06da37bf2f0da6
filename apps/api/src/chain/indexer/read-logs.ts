/**
 * Reading the token's Transfer logs and the block headers they need, in ranges the RPC accepts. Providers
 * refuse a getLogs over too many blocks or with too many results (each with its own words and codes), so a
 * refused range is halved until it passes; the caller continues from where the accepted range ended.
 */
import { classCoinAbi } from "@classcoin/contracts";
import { BaseError, getAbiItem, numberToHex, type PublicClient, RpcRequestError, toEventSelector } from "viem";
import { getHttpRpcClient } from "viem/utils";

const transferTopic = toEventSelector(getAbiItem({ abi: classCoinAbi, name: "Transfer" }));

export interface TransferLog {
  txHash: `0x${string}`;
  logIndex: number;
  blockNumber: number;
  blockHash: `0x${string}`;
  from: `0x${string}`;
  to: `0x${string}`;
  value: bigint;
  /** The block's timestamp in seconds, when the node includes `blockTimestamp` in its logs (anvil, newer
   * geth and reth do); otherwise the indexer reads the block's header for it. */
  blockTimestamp?: number;
}

export interface BlockHeader {
  number: number;
  hash: `0x${string}`;
  timestamp: Date;
}

/**
 * The token's Transfer logs in [fromBlock, toBlock], oldest first. Decoded here rather than by viem's
 * getLogs({ event }), which checksums every address (a keccak hash each) only for the indexer to lowercase
 * it again: that decoding cost five times the read itself (bench/findings.md). `Transfer(address indexed
 * from, address indexed to, uint256 value)`: the addresses are topics 1 and 2, the value is the data; a
 * log of another shape under the same topic (an ERC-721 Transfer has three indexed arguments) is skipped,
 * as viem's strict mode did.
 */
export async function getTransferLogs(
  chain: PublicClient,
  token: `0x${string}`,
  fromBlock: number,
  toBlock: number,
): Promise<TransferLog[]> {
  const logs = await chain.request(
    {
      method: "eth_getLogs",
      params: [
        { address: token, topics: [transferTopic], fromBlock: numberToHex(fromBlock), toBlock: numberToHex(toBlock) },
      ],
    },
    // No transport retries: a refused range must come back at once to be split (viem would retry an
    // oversized answer three times with back-off); readTransferLogs retries the other failures itself.
    { retryCount: 0 },
  );
  const transfers: TransferLog[] = [];
  for (const log of logs) {
    const [, from, to] = log.topics;
    if (log.removed || !from || !to || log.topics.length !== 3 || log.data.length !== 66) continue;
    if (!log.transactionHash || !log.blockHash || log.blockNumber === null || log.logIndex === null) continue;
    transfers.push({
      txHash: log.transactionHash.toLowerCase() as `0x${string}`,
      logIndex: Number(log.logIndex),
      blockNumber: Number(log.blockNumber),
      blockHash: log.blockHash,
      from: `0x${from.slice(26).toLowerCase()}`,
      to: `0x${to.slice(26).toLowerCase()}`,
      value: BigInt(log.data),
      blockTimestamp: log.blockTimestamp ? Number(log.blockTimestamp) : undefined,
    });
  }
  return transfers.sort((a, b) => a.blockNumber - b.blockNumber || a.logIndex - b.logIndex);
}

const REFUSAL =
  /range|too many|too large|limit|exceed|more than \d+|response size|result(s)? (set )?(is )?too|query timeout|10000 results/i;

/** True when the RPC answered that the request asked for too much, as opposed to being unreachable. */
export function isRangeRefusal(error: unknown): boolean {
  if (!(error instanceof BaseError)) return false;
  // An unreachable node is not a refusal: halving would not help.
  if (error.walk((e) => e instanceof Error && e.name === "HttpRequestError" && !("status" in e && e.status))) {
    return false;
  }
  const texts: string[] = [];
  error.walk((e) => {
    if (e instanceof Error) texts.push(e.message);
    if (e instanceof BaseError && e.details) texts.push(e.details);
    const code = (e as { code?: unknown }).code;
    if (code === -32005) texts.push("limit exceeded");
    return false;
  });
  return texts.some((t) => REFUSAL.test(t));
}

/** Logs of the longest prefix [from, end] of [from, to] that the RPC accepts. */
export async function readTransferLogs(
  chain: PublicClient,
  token: `0x${string}`,
  from: number,
  to: number,
): Promise<{ logs: TransferLog[]; to: number }> {
  let end = to;
  let failures = 0;
  for (;;) {
    try {
      return { logs: await getTransferLogs(chain, token, from, end), to: end };
    } catch (error) {
      if (isRangeRefusal(error)) {
        if (end === from) throw error;
        // An answer over viem's size limit means thousands of logs: cut deep rather than re-read it often.
        const tooLarge =
          error instanceof BaseError && error.walk((e) => e instanceof Error && e.name === "ResponseBodyTooLargeError");
        end = from + Math.floor((end - from) / (tooLarge ? 8 : 2));
        continue;
      }
      // Other failures (a dropped connection, a node restarting) get the retries the transport would give.
      if (++failures > 2) throw error;
      await new Promise((resolve) => setTimeout(resolve, 150 * 2 ** failures));
    }
  }
}

export async function getHeader(chain: PublicClient, blockNumber: number): Promise<BlockHeader | undefined> {
  try {
    const block = await chain.getBlock({ blockNumber: BigInt(blockNumber) });
    return { number: Number(block.number), hash: block.hash, timestamp: new Date(Number(block.timestamp) * 1000) };
  } catch (error) {
    // Above the head (a chain restarted from older state): the block is simply not there.
    if (error instanceof BaseError && error.walk((e) => e instanceof Error && e.name === "BlockNotFoundError")) {
      return undefined;
    }
    throw error;
  }
}

/** Headers per JSON-RPC batch: hosted providers cap batches (commonly at 100 to 1,000 calls). */
const HEADER_BATCH = 100;
/** Chains whose endpoint answered a batch with something other than a batch answer: asked one by one. */
const noBatches = new WeakSet<PublicClient>();

/**
 * Headers of several blocks: over HTTP in JSON-RPC batches of HEADER_BATCH (one round trip per hundred
 * blocks, not one per block: a sparse chain has a block per log); otherwise, or when the endpoint does not
 * take batches, a few single requests at a time.
 */
export async function getHeaders(chain: PublicClient, numbers: number[]): Promise<Map<number, BlockHeader>> {
  const headers = new Map<number, BlockHeader>();
  const queue = [...new Set(numbers)];
  const endpoint = httpEndpoint(chain);
  const batched = endpoint && queue.length > 2 && !noBatches.has(chain);
  const size = batched ? HEADER_BATCH : 1;
  const worker = async () => {
    for (let chunk = queue.splice(0, size); chunk.length > 0; chunk = queue.splice(0, size)) {
      const found = batched ? await headerBatch(chain, endpoint, chunk) : undefined;
      for (const n of chunk) {
        const header = found ? found.get(n) : await getHeader(chain, n);
        if (!header) throw new ChainChangedError(`block ${n} is no longer on the chain`);
        headers.set(n, header);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(batched ? 4 : 8, queue.length) }, worker));
  return headers;
}

type HttpEndpoint = { url: string; fetchOptions?: Omit<RequestInit, "body"> };

function httpEndpoint(chain: PublicClient): HttpEndpoint | undefined {
  const transport = chain.transport as { type?: string; url?: string; fetchOptions?: HttpEndpoint["fetchOptions"] };
  return transport.type === "http" && transport.url
    ? { url: transport.url, fetchOptions: transport.fetchOptions }
    : undefined;
}

interface RpcHeader {
  number: `0x${string}`;
  hash: `0x${string}`;
  timestamp: `0x${string}`;
}

/** One JSON-RPC batch of eth_getBlockByNumber; a block the node does not have is left out of the map. */
async function headerBatch(
  chain: PublicClient,
  endpoint: HttpEndpoint,
  numbers: number[],
): Promise<Map<number, BlockHeader> | undefined> {
  const body = numbers.map((n, i) => ({
    jsonrpc: "2.0" as const,
    id: i,
    method: "eth_getBlockByNumber",
    params: [numberToHex(n), false],
  }));
  const answers: unknown = await getHttpRpcClient(endpoint.url, {
    fetchOptions: endpoint.fetchOptions,
    timeout: 15_000,
  }).request({ body });
  if (!Array.isArray(answers) || answers.length !== numbers.length) {
    // Not a batch answer (an endpoint refusing batches): ask block by block from now on.
    noBatches.add(chain);
    return undefined;
  }
  const headers = new Map<number, BlockHeader>();
  for (const answer of answers as {
    id: number;
    result?: RpcHeader | null;
    error?: { code: number; message: string };
  }[]) {
    if (answer.error) throw new RpcRequestError({ body, error: answer.error, url: endpoint.url });
    const block = answer.result;
    if (!block) continue;
    headers.set(Number(block.number), {
      number: Number(block.number),
      hash: block.hash,
      timestamp: new Date(Number(block.timestamp) * 1000),
    });
  }
  return headers;
}

/** The chain changed under a read (a reorg in progress); the batch is dropped and read again. */
export class ChainChangedError extends Error {
  override name = "ChainChangedError";
}
