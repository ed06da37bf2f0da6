/**
 * ClassCoin balances read from the chain (the source of truth for money), never from the client. A short
 * per-wallet cache absorbs bursts (a list page, repeated posting); a refusal is always based on a fresh read.
 */
import { classCoinAbi } from "@classcoin/contracts";
import { MIN_BALANCE_TO_PARTICIPATE, TOKEN_DECIMALS } from "@classcoin/shared/constants";
import { formatUnits } from "viem";
import type { AppDeps } from "../app";
import { validationFailed } from "../http-errors";

const BALANCE_CACHE_MS = 3_000;

interface CachedBalance {
  token: string;
  at: number;
  value: Promise<number>;
}

const cache = new Map<string, CachedBalance>();

function tokenAddressOf(deps: AppDeps): `0x${string}` {
  const token = deps.config.tokenAddress;
  if (!token) throw new Error("TOKEN_ADDRESS is not configured: the ClassCoin token has not been deployed yet");
  return token;
}

const toCC = (wei: bigint) => Number(formatUnits(wei, TOKEN_DECIMALS));

async function readBalance(deps: AppDeps, token: `0x${string}`, wallet: string): Promise<number> {
  const wei = await deps.chain.readContract({
    address: token,
    abi: classCoinAbi,
    functionName: "balanceOf",
    args: [wallet as `0x${string}`],
  });
  return toCC(wei);
}

function cached(token: string, wallet: string): Promise<number> | undefined {
  const entry = cache.get(wallet);
  if (entry && entry.token === token && Date.now() - entry.at < BALANCE_CACHE_MS) return entry.value;
  return undefined;
}

function remember(token: string, wallet: string, value: Promise<number>): void {
  const entry = { token, at: Date.now(), value };
  cache.set(wallet, entry);
  // A failed read must not be served from the cache.
  value.catch(() => {
    if (cache.get(wallet) === entry) cache.delete(wallet);
  });
}

/** balanceOf in whole CC (fractional when the wallet holds parts of a coin). */
export function getBalanceCC(deps: AppDeps, wallet: string): Promise<number> {
  const token = tokenAddressOf(deps);
  const key = wallet.toLowerCase();
  const hit = cached(token, key);
  if (hit) return hit;
  const value = readBalance(deps, token, key);
  remember(token, key, value);
  return value;
}

/** Balances of many wallets in one multicall where the chain has Multicall3 (keys lowercased). */
export async function getBalancesCC(deps: AppDeps, wallets: string[]): Promise<Map<string, number>> {
  const token = tokenAddressOf(deps);
  const keys = [...new Set(wallets.map((w) => w.toLowerCase()))];
  const result = new Map<string, number>();
  const missing: string[] = [];
  const pending: Promise<void>[] = [];
  for (const key of keys) {
    const hit = cached(token, key);
    if (hit) pending.push(hit.then((v) => void result.set(key, v)));
    else missing.push(key);
  }
  if (missing.length > 0) {
    // A local anvil has no Multicall3 contract; there the reads go out in parallel instead.
    const fresh = deps.chain.chain?.contracts?.multicall3
      ? multicallBalances(deps, token, missing)
      : Promise.all(missing.map((w) => readBalance(deps, token, w)));
    missing.forEach((key, i) => {
      remember(
        token,
        key,
        fresh.then((values) => values[i] ?? 0),
      );
    });
    const values = await fresh;
    for (const [i, key] of missing.entries()) result.set(key, values[i] ?? 0);
  }
  await Promise.all(pending);
  return result;
}

async function multicallBalances(deps: AppDeps, token: `0x${string}`, wallets: string[]): Promise<number[]> {
  const wei = await deps.chain.multicall({
    allowFailure: false,
    contracts: wallets.map((w) => ({
      address: token,
      abi: classCoinAbi,
      functionName: "balanceOf" as const,
      args: [w as `0x${string}`] as const,
    })),
  });
  return wei.map((v) => toCC(v as bigint));
}

/** Forgets a wallet's cached balance (after it sent or received coins through the app). */
export function invalidateBalance(wallet: string): void {
  cache.delete(wallet.toLowerCase());
}

/**
 * Whether the wallet holds at least MIN_BALANCE_TO_PARTICIPATE CC. A low cached value is re-read, so a
 * wallet that was just funded is never refused on a stale number.
 */
export async function hasMinBalance(deps: AppDeps, wallet: string): Promise<boolean> {
  const key = wallet.toLowerCase();
  const hit = cached(tokenAddressOf(deps), key);
  if (hit && (await hit) >= MIN_BALANCE_TO_PARTICIPATE) return true;
  invalidateBalance(key);
  return (await getBalanceCC(deps, key)) >= MIN_BALANCE_TO_PARTICIPATE;
}

/** 400 `validationFailed([message])` when the wallet holds less than MIN_BALANCE_TO_PARTICIPATE CC. */
export async function assertMinBalance(deps: AppDeps, wallet: string, message: string): Promise<void> {
  if (!(await hasMinBalance(deps, wallet))) throw validationFailed([message]);
}
