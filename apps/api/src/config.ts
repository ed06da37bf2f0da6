/**
 * Configuration from environment variables, parsed once at boot; a bad value stops the server with a
 * message that names the variable and says what to set.
 */
import { resolve } from "node:path";
import { LOCAL_CHAIN_ID, SEPOLIA_CHAIN_ID } from "@classcoin/shared/constants";
import { z } from "zod";

/** anvil account 0: the local admin and treasury. */
export const LOCAL_ADMIN_WALLET = "0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266";
/** anvil account 0's well-known key; only ever used when CHAIN=local. */
const LOCAL_TREASURY_KEY = "0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80";

const address = z
  .string()
  .regex(/^0x[0-9a-fA-F]{40}$/, "must be a 0x-prefixed 20-byte hex address")
  .transform((a) => a.toLowerCase() as `0x${string}`);

const envSchema = z
  .object({
    PORT: z.coerce.number().int().min(0).max(65535).default(5173),
    HOST: z.string().default("127.0.0.1"),
    DATABASE_URL: z.string().url("must be a postgres:// URL").optional(),
    DATA_DIR: z.string().default("data"),
    CHAIN: z.enum(["local", "sepolia"]).default("local"),
    RPC_URL: z.string().url("must be an http(s) URL of a JSON-RPC endpoint").optional(),
    /** The RPC URL handed to browsers for reads; defaults to RPC_URL. */
    PUBLIC_RPC_URL: z.string().url().optional(),
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
    WEB_DIST: z.string().optional(),
    LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  })
  .superRefine((env, ctx) => {
    if (env.CHAIN === "sepolia") {
      for (const key of ["RPC_URL", "TOKEN_ADDRESS", "TREASURY_PRIVATE_KEY", "ADMIN_WALLET"] as const) {
        if (!env[key]) ctx.addIssue({ code: "custom", path: [key], message: "is required when CHAIN=sepolia" });
      }
    }
  });

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
  logLevel: string;
  blockExplorerUrl: string | null;
}

export class ConfigError extends Error {}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".") || "environment"}: ${i.message}`);
    throw new ConfigError(`Invalid configuration (see .env.example):\n${lines.join("\n")}`);
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
    logLevel: e.LOG_LEVEL,
    blockExplorerUrl: local ? null : "https://sepolia.etherscan.io",
  };
}
