/**
 * ClassCoin balances read from the chain (the source of truth for money), never from the client, and the
 * one minimum-balance rule. A short per-wallet cache absorbs bursts (repeated posting); a refusal is always
 * based on a fresh read.
 */
import { classCoinAbi } from "@classcoin/contracts";
import { MIN_BALANCE_TO_PARTICIPATE, TOKEN_DECIMALS } from "@classcoin/shared/constants";
import { formatUnits } from "viem";
import type { AppDeps } from "../deps";
import { validationFailed } from "../http-errors";

const BALANCE_CACHE_MS = 3_000;

interface CachedBalance {
  /** The chain and token it was read from (`sourceOf`). */
  source: string;
  at: number;
  value: Promise<number>;
}

const cache = new Map<string, CachedBalance>();

function tokenAddressOf(deps: AppDeps): `0x${string}` {
  const token = deps.config.tokenAddress;
  if (!token) throw new Error("TOKEN_ADDRESS is not configured: the ClassCoin token has not been deployed yet");
  return token;
}

/**
 * Whole CC from base units. PostgreSQL numeric sums arrive as strings (possibly with a fraction of a wei from
 * averaging), the chain's reads as bigint.
 */
export const ccFromWei = (wei: string | number | bigint | null | undefined) =>
  Number(formatUnits(BigInt(String(wei ?? 0).split(".")[0] ?? "0"), TOKEN_DECIMALS));
const toCC = ccFromWei;

async function readBalance(deps: AppDeps, token: `0x${string}`, wallet: string): Promise<number> {
  const wei = await deps.chain.readContract({
    address: token,
    abi: classCoinAbi,
    functionName: "balanceOf",
    args: [wallet as `0x${string}`],
  });
  return toCC(wei);
}

/**
 * A token address alone does not name one balance: the same deployer and nonce give the same address on
 * another chain (every fresh anvil, every test file with a chain of its own in one test process).
 */
const sourceOf = (deps: AppDeps) => `${deps.config.rpcUrl}|${tokenAddressOf(deps)}`;

function cached(source: string, wallet: string): Promise<number> | undefined {
  const entry = cache.get(wallet);
  if (entry && entry.source === source && Date.now() - entry.at < BALANCE_CACHE_MS) return entry.value;
  return undefined;
}

function remember(source: string, wallet: string, value: Promise<number>): void {
  const entry = { source, at: Date.now(), value };
  cache.set(wallet, entry);
  // A failed read must not be served from the cache.
  value.catch(() => {
    if (cache.get(wallet) === entry) cache.delete(wallet);
  });
}

/** balanceOf in whole CC (fractional when the wallet holds parts of a coin). */
function getBalanceCC(deps: AppDeps, wallet: string): Promise<number> {
  const token = tokenAddressOf(deps);
  const source = sourceOf(deps);
  const key = wallet.toLowerCase();
  const hit = cached(source, key);
  if (hit) return hit;
  const value = readBalance(deps, token, key);
  remember(source, key, value);
  return value;
}

/** Concurrent balance reads of one list (a multicall batches them anyway; plain RPC should not be flooded). */
const READ_CONCURRENCY = 50;

/**
 * balanceOf of many wallets in whole CC, keyed by lowercased wallet. The reads run concurrently; on a chain
 * with Multicall3 the client batches them into multicalls (chain/clients.ts), else each is its own eth_call,
 * at most READ_CONCURRENCY at a time. Served from the same short cache as single reads.
 */
export async function getBalancesCC(deps: AppDeps, wallets: readonly string[]): Promise<Map<string, number>> {
  const unique = [...new Set(wallets.map((w) => w.toLowerCase()))];
  const balances = new Map<string, number>();
  for (let i = 0; i < unique.length; i += READ_CONCURRENCY) {
    const chunk = unique.slice(i, i + READ_CONCURRENCY);
    const values = await Promise.all(chunk.map((wallet) => getBalanceCC(deps, wallet)));
    for (const [j, wallet] of chunk.entries()) balances.set(wallet, values[j] ?? 0);
  }
  return balances;
}

/**
 * Live events after which balances may have changed, on this instance or another: the cached ones are
 * forgotten with the cached answers built from them (the leaderboard was refilled from 3 s old balances and
 * kept them 5 s more). `null` is an event the cache does not know: forget everything too.
 */
const MONEY_EVENTS = new Set(["tip", "transactions", "balances", "award", "bounty.completed", "semester.reset"]);

export function forgetBalancesOnMoneyEvents(events: { watch(watcher: (type: string | null) => void): unknown }): void {
  events.watch((type) => {
    if (type === null || MONEY_EVENTS.has(type)) cache.clear();
  });
}

/** Forgets a wallet's cached balance (after it sent or received coins through the app). */
export function invalidateBalance(wallet: string): void {
  cache.delete(wallet.toLowerCase());
}

/**
 * Whether the wallet holds at least MIN_BALANCE_TO_PARTICIPATE CC. A low cached value is re-read, so a
 * wallet that was just funded is never refused on a stale number.
 */
async function hasMinBalance(deps: AppDeps, wallet: string): Promise<boolean> {
  const key = wallet.toLowerCase();
  const hit = cached(sourceOf(deps), key);
  if (hit && (await hit) >= MIN_BALANCE_TO_PARTICIPATE) return true;
  invalidateBalance(key);
  return (await getBalanceCC(deps, key)) >= MIN_BALANCE_TO_PARTICIPATE;
}

/**
 * The one minimum-balance rule (spec §5): creating a profile, posting and submitting a project need at least
 * MIN_BALANCE_TO_PARTICIPATE CC on chain. A wallet below it is refused with 400 and `message`; a form that
 * reports every failed rule at once passes its `errors` list, and the message is added to it instead.
 */
export async function requireMinBalance(
  deps: AppDeps,
  wallet: string,
  message: string,
  errors?: string[],
): Promise<void> {
  if (await hasMinBalance(deps, wallet)) return;
  if (!errors) throw validationFailed([message]);
  errors.push(message);
}
