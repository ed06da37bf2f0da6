/**
 * The Transfer indexer: reads the token's Transfer logs from a checkpoint up to head − confirmations in
 * block ranges and writes each range as one database transaction (store.ts). Before each range it checks
 * that the chain still has the checkpoint block; if not, it walks back to the common ancestor and undoes
 * what was above it (reorg.ts). Runs as a loop inside the API or alone (`npm run indexer`); tests drive
 * it step by step with `indexOnce()` / `catchUp()`.
 */
import { BaseError, type PublicClient } from "viem";
import type { Config } from "../../config";
import type { Database } from "../../db/client";
import {
  type BlockHeader,
  ChainChangedError,
  getHeader,
  getHeaders,
  readTransferLogs,
  type TransferLog,
} from "./read-logs";
import { findCommonAncestor } from "./reorg";
import {
  type Checkpoint,
  RECENT_BLOCKS_KEPT,
  readCheckpoint,
  reconcileRecentTips,
  resetIndex,
  rollBackTo,
  semesterStartBlock,
  storedHash,
  type WriteOutcome,
  writeBatch,
} from "./store";

export interface IndexerLog {
  info(message: string): void;
  warn(message: string): void;
  error(message: string): void;
}

export interface IndexerOptions {
  database: Database;
  chain: PublicClient;
  config: Pick<Config, "tokenAddress" | "confirmations" | "chain" | "rpcUrl">;
  log?: IndexerLog;
  /** Wait between polls once caught up (default: 250 ms locally, 4 s on Sepolia). */
  pollIntervalMs?: number;
  /** Retry delay after an error, doubling up to `maxBackoffMs` (defaults 0.5 s → 30 s). */
  minBackoffMs?: number;
  maxBackoffMs?: number;
  /** Blocks per getLogs to start with (2,000) and to grow to while ranges are accepted (10,000). */
  initialRange?: number;
  maxRange?: number;
}

/** `indexed`: a range was written; `caught-up`: nothing left up to head − confirmations; `busy`: another
 * instance holds the lock; `rolled-back`: a reorg was undone (call again to re-read). */
export type StepResult = "indexed" | "caught-up" | "busy" | "rolled-back";

const TIP_RECONCILE_MS = 2_000;
/**
 * Logs per getLogs to aim for once a range turns out dense (mintBatch blocks hold a thousand each): big
 * enough to amortise a request and a write, small enough to stay under providers' result and size limits.
 */
const TARGET_LOGS = 5_000;

export interface Indexer {
  indexOnce(): Promise<StepResult>;
  /** Steps until caught up (or another instance holds the lock); RPC and database errors are thrown. */
  catchUp(): Promise<void>;
  start(): void;
  stop(): Promise<void>;
  readonly running: boolean;
}

const silentLog: IndexerLog = { info() {}, warn() {}, error() {} };

interface RangeRead {
  logs: TransferLog[];
  /** The last block read (its hash becomes the checkpoint's). */
  end: BlockHeader;
  headers: Map<number, BlockHeader>;
}

export function createIndexer(options: IndexerOptions): Indexer {
  const { chain, config } = options;
  const db = options.database.db;
  const log = options.log ?? silentLog;
  const local = config.chain === "local";
  const pollIntervalMs = options.pollIntervalMs ?? (local ? 250 : 4_000);
  const minBackoffMs = options.minBackoffMs ?? 500;
  const maxBackoffMs = options.maxBackoffMs ?? 30_000;
  const maxRange = options.maxRange ?? 10_000;
  let range = Math.min(options.initialRange ?? 2_000, maxRange);
  let lastReconcile = 0;
  /** The next range, read while the current one is written. */
  let prefetched: { token: string; from: number; to: number; read: Promise<RangeRead> } | undefined;
  /**
   * The head, and the checkpoint whose block was last seen on the chain at that head: a poll that finds the
   * same head and checkpoint does not read the checkpoint's header again (a poll every few seconds between
   * 12-second blocks read it every time). A reorg that keeps the head's number is found at the next block.
   */
  let verified: { head: number; block: number; hash: string } | undefined;
  /** The last step wrote up to the target it saw: the loop waits for the next block instead of polling again. */
  let reachedTarget = false;

  let loop: Promise<void> | undefined;
  let stopping = false;
  let wake: (() => void) | undefined;
  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      // Stopped while a step was running: no wait (a Sepolia poll is 4 s, which held up every shutdown).
      if (stopping) return resolve();
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        wake = undefined;
        resolve();
      }
      wake = done;
    });

  async function checkpointOrStart(token: `0x${string}`): Promise<Checkpoint | undefined> {
    const checkpoint = await readCheckpoint(db);
    if (checkpoint?.token === token) return checkpoint;
    if (checkpoint) log.warn(`Indexer: TOKEN_ADDRESS changed from ${checkpoint.token}; indexing ${token} from scratch`);
    const from = await startBlockOf(token);
    const outcome = await resetIndex(db, checkpoint, { token, block: from - 1 });
    return outcome === "written" ? { token, block: from - 1 } : undefined;
  }

  /**
   * Where an index from scratch starts: the token's deployment block, or the current semester's start block
   * when later (the blocks before it belong to an archived semester, not to the live explorer).
   */
  async function startBlockOf(token: `0x${string}`): Promise<number> {
    const [deployedAt, semesterStart] = await Promise.all([
      findDeploymentBlock(chain, token),
      semesterStartBlock(db, token),
    ]);
    return Math.max(deployedAt, semesterStart);
  }

  async function rollBack(checkpoint: Checkpoint): Promise<WriteOutcome> {
    const ancestor = await findCommonAncestor(db, chain, checkpoint.block);
    if (ancestor === undefined) {
      log.warn(
        "Indexer: none of the indexed blocks is on the chain any more (a new chain?); re-indexing from the start",
      );
      const from = await startBlockOf(checkpoint.token);
      return resetIndex(db, checkpoint, { token: checkpoint.token, block: from - 1 });
    }
    log.warn(`Indexer: the chain reorganised below block ${checkpoint.block}; undoing blocks above ${ancestor}`);
    return rollBackTo(db, checkpoint, ancestor);
  }

  async function reconcileTips(checkpoint: Checkpoint, force: boolean) {
    if (!force && Date.now() - lastReconcile < TIP_RECONCILE_MS) return;
    lastReconcile = Date.now();
    await reconcileRecentTips(db, checkpoint.block - RECENT_BLOCKS_KEPT);
  }

  /**
   * The logs of [from, to] (or the prefix the RPC accepts) with the headers they need, all from one chain:
   * `to` and the block below `from` (`cpBlock`, whose stored hash is `cpHash`) are the same before and after.
   */
  async function readRange(
    token: `0x${string}`,
    cpBlock: number,
    cpHash: string | undefined,
    head: number,
    from: number,
    to: number,
  ): Promise<RangeRead> {
    const toBefore = await getHeader(chain, to);
    if (!toBefore) throw new ChainChangedError(`block ${to} disappeared while reading`);
    const read = await readTransferLogs(chain, token, from, to);
    // Adapt the range: shrink to what the RPC accepted, grow again while it accepts whole ranges, and
    // keep dense ranges near TARGET_LOGS logs, so busy blocks are not asked for (and refused) again.
    const blocksRead = read.to - from + 1;
    if (read.to < to) range = Math.max(1, blocksRead);
    else if (to - from + 1 === range) range = Math.min(maxRange, range * 2);
    if (read.logs.length > TARGET_LOGS) {
      range = Math.max(1, Math.min(range, Math.floor((blocksRead * TARGET_LOGS) / read.logs.length)));
    }
    // Headers only where they are needed, in batches (read-logs.ts): for a timestamp the node left out of
    // the logs, and to check the logs' block hashes near the head, where a reorg during the read could
    // have served logs of a dropped block. Deeper blocks (a catch-up) are read once, not once per log
    // block: a sparse chain has a block per log, and one header per block made it eight times slower.
    const recentFrom = head - RECENT_BLOCKS_KEPT;
    const headerBlocks = read.logs
      .filter((l) => l.blockTimestamp === undefined || l.blockNumber > recentFrom)
      .map((l) => l.blockNumber);
    // `to` (a descendant of everything read) and the checkpoint are read after the logs in the same batch as
    // the logs' headers: each block once (a live step of one block read `to` twice in a row, and the server's
    // idle RPC calls are mostly the indexer's: bench/rpc-usage.ts).
    const headers = await getHeaders(chain, [...headerBlocks, read.to, to, ...(cpHash === undefined ? [] : [cpBlock])]);
    for (const l of read.logs) {
      const header = headers.get(l.blockNumber);
      if (header && header.hash !== l.blockHash) {
        throw new ChainChangedError(`block ${l.blockNumber} changed while reading`);
      }
    }
    // `to` and the checkpoint still in place after all reads: the logs and headers above come from one chain.
    if (headers.get(to)?.hash !== toBefore.hash || (cpHash !== undefined && headers.get(cpBlock)?.hash !== cpHash)) {
      throw new ChainChangedError("the chain changed while reading");
    }
    const end = headers.get(read.to);
    if (!end) throw new ChainChangedError(`block ${read.to} disappeared while reading`);
    return { logs: read.logs, end, headers };
  }

  async function indexOnce(): Promise<StepResult> {
    const token = config.tokenAddress;
    if (!token) throw new Error("TOKEN_ADDRESS is not set: there is no token to index yet");
    const checkpoint = await checkpointOrStart(token);
    if (!checkpoint) return "busy";

    reachedTarget = false;
    const head = Number(await chain.getBlockNumber({ cacheTime: 0 }));
    const target = head - config.confirmations;
    const cpHash = await storedHash(db, checkpoint.block);
    const seen =
      cpHash !== undefined &&
      verified?.head === head &&
      verified.block === checkpoint.block &&
      verified.hash === cpHash;
    if (cpHash !== undefined && !seen && (await getHeader(chain, checkpoint.block))?.hash !== cpHash) {
      verified = undefined;
      const outcome = await rollBack(checkpoint);
      return outcome === "busy" ? "busy" : "rolled-back";
    }
    if (cpHash !== undefined) verified = { head, block: checkpoint.block, hash: cpHash };
    if (checkpoint.block >= target) {
      await reconcileTips(checkpoint, false);
      return "caught-up";
    }

    const from = checkpoint.block + 1;
    const ahead =
      prefetched?.token === token && prefetched.from === from && prefetched.to <= target ? prefetched : undefined;
    prefetched = undefined;
    const { logs, end, headers } =
      (await ahead?.read.catch(() => undefined)) ??
      (await readRange(token, checkpoint.block, cpHash, head, from, Math.min(target, from + range - 1)));
    // Read the next range while this one is written (a pipeline of depth one); it is used only if the next
    // step starts where this one ends, and read again if it failed.
    if (end.number < target) {
      const next = { token, from: end.number + 1, to: Math.min(target, end.number + range) };
      prefetched = { ...next, read: readRange(token, end.number, end.hash, head, next.from, next.to) };
      prefetched.read.catch(() => {});
    }

    const outcome = await writeBatch(db, { expected: checkpoint, end, logs, headers });
    if (outcome !== "written") return outcome === "busy" ? "busy" : "indexed";
    // `end` was read after the logs, from the chain the checkpoint was on.
    verified = { head, block: end.number, hash: end.hash };
    reachedTarget = end.number >= target;
    if (logs.length > 0) await reconcileTips({ ...checkpoint, block: end.number }, true);
    return "indexed";
  }

  async function catchUp(): Promise<void> {
    for (;;) {
      try {
        const step = await indexOnce();
        if (step === "caught-up" || step === "busy") return;
      } catch (error) {
        if (!(error instanceof ChainChangedError)) throw error;
      }
    }
  }

  async function run(): Promise<void> {
    let backoff = minBackoffMs;
    let failing = false;
    let busyLogged = false;
    while (!stopping) {
      try {
        const step = await indexOnce();
        if (failing) log.info("Indexer: working again; catching up");
        failing = false;
        backoff = minBackoffMs;
        if (step === "busy" && !busyLogged) log.info("Indexer: another instance holds the indexer lock; standing by");
        busyLogged = step === "busy";
        if (step === "caught-up" || step === "busy" || (step === "indexed" && reachedTarget)) {
          await sleep(pollIntervalMs);
        }
      } catch (error) {
        if (stopping) break;
        if (error instanceof ChainChangedError) {
          log.info(`Indexer: ${error.message}; reading again`);
          await sleep(Math.min(pollIntervalMs, 100));
          continue;
        }
        failing = true;
        log.error(`Indexer: ${describeFailure(error, config.rpcUrl)}; retrying in ${backoff / 1000} s`);
        await sleep(backoff);
        backoff = Math.min(backoff * 2, maxBackoffMs);
      }
    }
  }

  return {
    indexOnce,
    catchUp,
    start() {
      if (loop) return;
      stopping = false;
      loop = run().finally(() => {
        loop = undefined;
      });
    },
    async stop() {
      stopping = true;
      prefetched = undefined;
      wake?.();
      await loop;
    },
    get running() {
      return loop !== undefined;
    },
  };
}

/** The token's deployment block (binary search on its code), or 0 when the node keeps no history. */
export async function findDeploymentBlock(chain: PublicClient, token: `0x${string}`): Promise<number> {
  const head = Number(await chain.getBlockNumber({ cacheTime: 0 }));
  const codeAt = async (block: number) => {
    const code = await chain.getCode({ address: token, blockNumber: BigInt(block) });
    return code !== undefined && code !== "0x";
  };
  if (!(await codeAt(head))) {
    throw new Error(
      `there is no contract at TOKEN_ADDRESS ${token} on this chain (check CHAIN, RPC_URL, TOKEN_ADDRESS)`,
    );
  }
  try {
    let lo = 0;
    let hi = head;
    while (lo < hi) {
      const mid = Math.floor((lo + hi) / 2);
      if (await codeAt(mid)) hi = mid;
      else lo = mid + 1;
    }
    return lo;
  } catch {
    // A node without archive state cannot answer for old blocks; scanning from 0 is slower, not wrong.
    return 0;
  }
}

function describeFailure(error: unknown, rpcUrl: string): string {
  if (error instanceof BaseError) {
    const unreachable = error.walk((e) => e instanceof Error && ["HttpRequestError", "TimeoutError"].includes(e.name));
    const detail = error.details ? ` ${error.details}` : "";
    if (unreachable) return `cannot reach the chain RPC at ${rpcUrl} (${error.shortMessage}${detail})`;
    return `${error.shortMessage}${detail}`;
  }
  return (error instanceof Error ? error.message : String(error)).split("\n")[0] ?? "unknown error";
}
