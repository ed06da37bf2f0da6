/**
 * Configuration from environment variables (and `.env`, see env-file.ts), parsed once at boot. An empty
 * value counts as unset, so `.env.example` copied as-is works. Every bad or missing value is reported at
 * once, in one message that names each variable and says what to set.
 */
import { resolve } from "node:path";
import { LOCAL_CHAIN_ID, SEPOLIA_CHAIN_ID } from "@classcoin/shared/constants";
import { parseEther } from "viem";
import { z } from "zod";
import { DEFAULT_STATEMENT_TIMEOUT_MS } from "./db/statement-timeout";
import { DEFAULT_TRUSTED_PROXIES, parseTrustedProxies } from "./http/trusted-proxies";

/**
 * One RPC call's time limit. A call is tried twice (chain/clients.ts), so a provider that hangs is answered 503
 * in about 20 s, before a reading socket's 30 s idle limit cuts the request with no answer at all (15 s tried
 * three times, as before, was 45 s).
 */
export const DEFAULT_RPC_TIMEOUT_MS = 10_000;

/** CC a wallet added to the roster receives when WELCOME_CC is not set. */
export const DEFAULT_WELCOME_CC = 10;

/** anvil account 0: the local admin and treasury. */
export const LOCAL_ADMIN_WALLET = "0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266";
/** anvil account 0's well-known key; only ever used when CHAIN=local. */
const LOCAL_TREASURY_KEY = "0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80";

const address = z
  .string()
  .regex(/^0x[0-9a-fA-F]{40}$/, "must be a 0x-prefixed 20-byte hex address")
  .transform((a) => a.toLowerCase() as `0x${string}`);

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(5173),
  /** The interface to listen on: 127.0.0.1 (this machine only, behind a local proxy) or 0.0.0.0 (any). */
  HOST: z.string().default("127.0.0.1"),
  DATABASE_URL: z
    .string()
    .regex(
      /^postgres(ql)?:\/\/\S+$/,
      "must be a postgres:// URL, e.g. postgres://classcoin:secret@127.0.0.1:5432/classcoin",
    )
    .optional(),
  DATA_DIR: z.string().default("data"),
  CHAIN: z.enum(["local", "sepolia"]).default("local"),
  RPC_URL: z.string().url("must be an http(s) URL of a JSON-RPC endpoint").optional(),
  /**
   * The RPC URL handed to browsers for reads (in /api/config and the CSP). Required on Sepolia and different
   * from RPC_URL, whose provider key must stay on the server; on the local chain it defaults to RPC_URL.
   */
  PUBLIC_RPC_URL: z.string().url("must be an http(s) URL of a JSON-RPC endpoint browsers may use").optional(),
  /** true: allow PUBLIC_RPC_URL = RPC_URL on Sepolia (only when RPC_URL holds no key, e.g. a public node). */
  ALLOW_PUBLIC_RPC_URL_EQUAL: z.enum(["true", "false"], "must be true or false").default("false"),
  TOKEN_ADDRESS: address.optional(),
  ADMIN_WALLET: address.optional(),
  TREASURY_PRIVATE_KEY: z
    .string()
    .regex(/^0x[0-9a-fA-F]{64}$/, "must be a 0x-prefixed 32-byte hex private key")
    .optional(),
  CONFIRMATIONS: z.coerce.number().int().min(0).max(1000).optional(),
  PUBLIC_URL: z.string().url("must be the URL people open, e.g. https://classcoin.example.edu").optional(),
  SEED_DEMO: z.enum(["true", "false"]).default("true"),
  INDEXER: z.enum(["true", "false"]).default("true"),
  /** Per-wallet/IP request limits on writes; tests that post repeatedly from one wallet turn them off. */
  RATE_LIMIT: z.enum(["true", "false"]).default("true"),
  /** The built web app to serve (default: apps/web/dist); the API alone when it has no index.html. */
  WEB_DIST: z.string().optional(),
  /** Time a request (headers and body) has to arrive whole; a trickling body is cut after it. */
  REQUEST_TIMEOUT_MS: z.coerce.number().int().min(500).max(600_000).default(60_000),
  /** How long one call to RPC_URL may take before it is tried once more, then answered 503 (chain/clients.ts). */
  RPC_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(DEFAULT_RPC_TIMEOUT_MS),
  /** Open sockets one client address may hold (0 = no cap); behind a proxy, the proxy's address. */
  MAX_CONNECTIONS_PER_IP: z.coerce.number().int().min(0).max(100_000).default(256),
  /**
   * Who may pass the client's IP in X-Forwarded-For: comma-separated addresses, CIDR ranges or proxy-addr's
   * names (loopback, linklocal, uniquelocal). Default: this machine only (http/trusted-proxies.ts).
   */
  TRUSTED_PROXIES: z
    .string()
    .transform((value, ctx) => {
      const parsed = parseTrustedProxies(value);
      if ("entries" in parsed && parsed.entries.length > 0) return parsed.entries;
      ctx.addIssue({
        code: "custom",
        message:
          "invalid" in parsed
            ? `"${parsed.invalid}" is not an IP address, a range such as 10.0.0.2/32 or one of loopback, linklocal, uniquelocal`
            : "must name at least one address (default: loopback)",
      });
      return z.NEVER;
    })
    .optional(),
  /** New sign-in sessions one client IP may open per hour (0 = no cap); see auth/session-limit.ts. */
  SIGN_INS_PER_IP_PER_HOUR: z.coerce.number().int().min(0).max(1_000_000).default(40),
  /** Redis for state shared by several instances (rate limits); unset: kept per instance, in memory. */
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\/\S+$/, "must be a redis:// or rediss:// URL, e.g. redis://127.0.0.1:6379")
    .optional(),
  /** CC minted once ever to each wallet added to the roster (the welcome grant); 0 turns it off. */
  WELCOME_CC: z.coerce.number().int("must be a whole number of CC").min(0).max(1_000_000).default(DEFAULT_WELCOME_CC),
  /** Native coin (ETH) sent with the welcome grant for gas, when the treasury has it; 0 turns it off. */
  WELCOME_ETH: z
    .string()
    .regex(/^\d{1,6}(\.\d{1,18})?$/, "must be an amount of ETH such as 0.01 (0 turns it off)")
    .default("0.01"),
  /** Gasless transfers the treasury relays per wallet per 24 hours (EIP-3009); 0 turns the relay off. */
  RELAY_DAILY_LIMIT: z.coerce.number().int().min(0).max(100_000).default(50),
  /** Gasless transfers the treasury relays for the whole class per 24 hours: the gas it spends on them a day. */
  RELAY_CLASS_DAILY_LIMIT: z.coerce.number().int().min(0).max(1_000_000).default(300),
  /** ETH the treasury keeps for bounty rewards, awards and welcome grants: no gasless transfer below it. */
  RELAY_TREASURY_RESERVE_ETH: z
    .string()
    .regex(/^\d{1,6}(\.\d{1,18})?$/, "must be an amount of ETH such as 0.05")
    .default("0.05"),
  /**
   * New Feed posts are announced to open pages at the next whole span of this many seconds (features/feed/
   * announcer.ts), no more precisely than the list's time to the minute; 0 announces each at once.
   */
  FEED_ANNOUNCE_SECONDS: z.coerce.number().int().min(0).max(3600).default(60),
  /**
   * How long a tip report waits for a transaction hash this server's node does not know yet (the student's
   * wallet may use another node): default 0 locally, 10 s on Sepolia.
   */
  TIP_TX_GRACE_MS: z.coerce.number().int().min(0).max(60_000).optional(),
  /** Memory of the response cache of hot public reads (http/response-cache.ts), in MiB; 0 turns it off. */
  RESPONSE_CACHE_MB: z.coerce.number().int().min(0).max(4096).default(64),
  /** Profiles per `mintBatch` transaction of "Deploy ClassCoin". */
  DEPLOY_CHUNK_SIZE: z.coerce.number().int().min(1).max(1000).default(200),
  /** A deploy run whose heartbeat (every few seconds while it works) is older than this was left by a stopped server. */
  DEPLOY_STALE_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
  /** Whitelist mode when the admin never set it: on for Sepolia (a class roster), off locally. */
  WHITELIST_MODE_DEFAULT: z.enum(["true", "false"], "must be true or false").optional(),
  /**
   * PostgreSQL only: a statement still running after this many seconds is cancelled and its request answered
   * 503 (db/statement-timeout.ts); 0 = no limit.
   */
  DB_STATEMENT_TIMEOUT_SECONDS: z.coerce
    .number()
    .min(0)
    .max(3600)
    .default(DEFAULT_STATEMENT_TIMEOUT_MS / 1000),
  /** On SIGTERM: seconds to let requests in flight finish before their connections are closed. */
  SHUTDOWN_DRAIN_SECONDS: z.coerce.number().min(0).max(600).default(10),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
});

/**
 * Rules across variables, checked on the raw values even when some are malformed (a zod refinement would
 * stop at the first bad field), so one run lists every problem.
 */
function crossFieldIssues(env: Record<string, string | undefined>): string[] {
  const issues: string[] = [];
  for (const key of Object.keys(envSchema.shape)) {
    if (env[key]?.includes("CHANGE-ME")) {
      issues.push(`${key}: still holds the CHANGE-ME placeholder from npm run deploy:sepolia; set the real value`);
    }
  }
  if (env.CHAIN === "sepolia") {
    for (const key of ["RPC_URL", "PUBLIC_RPC_URL", "TOKEN_ADDRESS", "TREASURY_PRIVATE_KEY", "ADMIN_WALLET"]) {
      if (env[key] === undefined) issues.push(`${key}: is required when CHAIN=sepolia`);
    }
    if (
      env.RPC_URL !== undefined &&
      env.PUBLIC_RPC_URL !== undefined &&
      sameUrl(env.RPC_URL, env.PUBLIC_RPC_URL) &&
      env.ALLOW_PUBLIC_RPC_URL_EQUAL !== "true"
    ) {
      issues.push(
        "PUBLIC_RPC_URL: must differ from RPC_URL: every browser receives PUBLIC_RPC_URL, so a provider key in RPC_URL would be published. Use a public endpoint for browsers, or set ALLOW_PUBLIC_RPC_URL_EQUAL=true if RPC_URL holds no key",
      );
    }
  }
  return issues;
}

function sameUrl(a: string, b: string): boolean {
  const normal = (u: string) => u.trim().replace(/\/+$/, "").toLowerCase();
  return normal(a) === normal(b);
}

/** An empty (or blank) value counts as unset: `.env.example` lists every variable with no value. */
function withoutEmptyValues(env: Record<string, string | undefined>): Record<string, string | undefined> {
  const cleaned: Record<string, string | undefined> = {};
  for (const [key, value] of Object.entries(env)) {
    if (value !== undefined && value.trim() !== "") cleaned[key] = value.trim();
  }
  return cleaned;
}

export type Env = z.input<typeof envSchema>;

export interface Config {
  port: number;
  host: string;
  databaseUrl: string | undefined;
  dataDir: string;
  chain: "local" | "sepolia";
  chainId: number;
  chainName: string;
  rpcUrl: string;
  publicRpcUrl: string;
  /** Unset only before the local token is deployed (scripts/start deploys it, then sets it). */
  tokenAddress: `0x${string}` | undefined;
  adminWallet: `0x${string}`;
  treasuryPrivateKey: `0x${string}`;
  confirmations: number;
  publicUrl: string;
  seedDemo: boolean;
  indexer: boolean;
  rateLimit: boolean;
  webDist: string | undefined;
  /** Time a request has to arrive whole (default 60 s); see http/connection-limits.ts. */
  requestTimeoutMs?: number;
  /** Open sockets per client address (default 256, 0 = no cap). */
  maxConnectionsPerIp?: number;
  /** One RPC call's time limit (default DEFAULT_RPC_TIMEOUT_MS); see chain/clients.ts. */
  rpcTimeoutMs?: number;
  /** Who may pass the client IP in X-Forwarded-For (default: loopback). */
  trustedProxies?: string[];
  /** New sessions per client IP per hour (default 40, 0 = no cap). */
  signInsPerIpPerHour?: number;
  /** Unset: rate limits are counted per instance. */
  redisUrl?: string;
  /** How long a SIGTERM waits for requests in flight (default 10 s). */
  shutdownDrainMs?: number;
  /** PostgreSQL's time limit per statement (default DEFAULT_STATEMENT_TIMEOUT_MS, 0 = none). */
  statementTimeoutMs?: number;
  logLevel: string;
  blockExplorerUrl: string | null;
  /** Welcome grant (features/whitelist/welcome-grant.ts): whole CC minted (default DEFAULT_WELCOME_CC), wei of native coin sent. */
  welcomeCc?: number;
  welcomeEthWei?: bigint;
  /** Whitelist mode while the admin has not set it (default: on for Sepolia, off locally). */
  whitelistModeDefault?: boolean;
  /** Deploy ClassCoin: profiles per chunk (default 200); heartbeat age after which a run is interrupted (30 s). */
  deployChunkSize?: number;
  deployStaleMs?: number;
  /** Relayed (gasless) transfers per wallet per 24 h (default 50; 0 = relay off). */
  relayDailyLimit?: number;
  /** Relayed transfers for the whole class per 24 h (default 300); the treasury's ETH kept from relays (0.05). */
  relayClassDailyLimit?: number;
  relayTreasuryReserveWei?: bigint;
  /** Response cache size in MiB (default 64; 0 = off); see http/response-cache.ts. */
  responseCacheMb?: number;
  /** New Feed posts are announced at the next whole span of this many ms (default a minute; 0 = at once). */
  feedAnnounceMs?: number;
  /** TIP_TX_GRACE_MS (features/tips/service.ts). */
  tipTxGraceMs?: number;
}

export class ConfigError extends Error {}

export function loadConfig(source: Record<string, string | undefined> = process.env): Config {
  const env = withoutEmptyValues(source);
  const parsed = envSchema.safeParse(env);
  const problems = [
    ...(parsed.error?.issues ?? []).map((i) => `${i.path.join(".") || "environment"}: ${i.message}`),
    ...crossFieldIssues(env),
  ];
  if (!parsed.success || problems.length > 0) {
    const count = problems.length === 1 ? "1 problem" : `${problems.length} problems`;
    throw new ConfigError(
      `Invalid configuration (${count}; set these in the environment or in .env, see .env.example and the README's Configuration):\n${problems.map((p) => `  - ${p}`).join("\n")}`,
    );
  }
  const e = parsed.data;
  const local = e.CHAIN === "local";
  const rpcUrl = e.RPC_URL ?? "http://127.0.0.1:8545";
  return {
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    dataDir: resolve(e.DATA_DIR),
    chain: e.CHAIN,
    chainId: local ? LOCAL_CHAIN_ID : SEPOLIA_CHAIN_ID,
    chainName: local ? "Anvil" : "Sepolia",
    rpcUrl,
    publicRpcUrl: e.PUBLIC_RPC_URL ?? rpcUrl,
    tokenAddress: e.TOKEN_ADDRESS,
    adminWallet: e.ADMIN_WALLET ?? LOCAL_ADMIN_WALLET,
    treasuryPrivateKey: (e.TREASURY_PRIVATE_KEY ?? LOCAL_TREASURY_KEY) as `0x${string}`,
    confirmations: e.CONFIRMATIONS ?? (local ? 0 : 2),
    publicUrl: e.PUBLIC_URL ?? `http://localhost:${e.PORT}`,
    seedDemo: e.SEED_DEMO === "true",
    indexer: e.INDEXER === "true",
    rateLimit: e.RATE_LIMIT === "true",
    webDist: e.WEB_DIST,
    requestTimeoutMs: e.REQUEST_TIMEOUT_MS,
    maxConnectionsPerIp: e.MAX_CONNECTIONS_PER_IP,
    rpcTimeoutMs: e.RPC_TIMEOUT_MS,
    trustedProxies: e.TRUSTED_PROXIES ?? DEFAULT_TRUSTED_PROXIES,
    signInsPerIpPerHour: e.SIGN_INS_PER_IP_PER_HOUR,
    redisUrl: e.REDIS_URL,
    shutdownDrainMs: e.SHUTDOWN_DRAIN_SECONDS * 1000,
    statementTimeoutMs: e.DB_STATEMENT_TIMEOUT_SECONDS * 1000,
    logLevel: e.LOG_LEVEL,
    blockExplorerUrl: local ? null : "https://sepolia.etherscan.io",
    welcomeCc: e.WELCOME_CC,
    welcomeEthWei: parseEther(e.WELCOME_ETH),
    whitelistModeDefault: e.WHITELIST_MODE_DEFAULT ? e.WHITELIST_MODE_DEFAULT === "true" : !local,
    deployChunkSize: e.DEPLOY_CHUNK_SIZE,
    deployStaleMs: e.DEPLOY_STALE_SECONDS * 1000,
    relayDailyLimit: e.RELAY_DAILY_LIMIT,
    relayClassDailyLimit: e.RELAY_CLASS_DAILY_LIMIT,
    relayTreasuryReserveWei: parseEther(e.RELAY_TREASURY_RESERVE_ETH),
    responseCacheMb: e.RESPONSE_CACHE_MB,
    feedAnnounceMs: e.FEED_ANNOUNCE_SECONDS * 1000,
    tipTxGraceMs: e.TIP_TX_GRACE_MS,
  };
}
