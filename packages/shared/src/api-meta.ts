/** Shapes of the service endpoints: health and the configuration the browser needs. */
import { z } from "zod";

export const healthSchema = z.object({
  ok: z.boolean(),
  chainId: z.number(),
  tokenAddress: z.string(),
  blockNumber: z.number(),
  database: z.enum(["pglite", "postgres"]),
});

/** `GET /api/health/live`: the process is up and answering (no dependency is checked). */
export const healthLiveSchema = z.object({ ok: z.literal(true), uptimeSeconds: z.number() });
export type HealthLive = z.infer<typeof healthLiveSchema>;

const dependencyCheckSchema = z.object({
  ok: z.boolean(),
  /** How long the check took. */
  ms: z.number(),
  /** Why it failed, when it did. */
  error: z.string().optional(),
});

/**
 * `GET /api/health/ready`: 200 when this instance can serve (its database answers); `degraded` when the
 * chain RPC does not answer (pages and database reads work, balances and tips wait). 503 when not ready.
 */
export const healthReadySchema = z.object({
  ready: z.literal(true),
  status: z.enum(["ok", "degraded"]),
  database: dependencyCheckSchema,
  rpc: dependencyCheckSchema,
  /** This instance's indexer: `leader` indexes, `standby` waits for the leader's lock. */
  indexer: z.enum(["leader", "standby", "starting", "off"]),
});
export type HealthReady = z.infer<typeof healthReadySchema>;

export const publicConfigSchema = z.object({
  productName: z.string(),
  productSymbol: z.string(),
  chainId: z.number(),
  chainName: z.string(),
  /** True on the local anvil chain: the web app offers the Dev wallet and names `npm run faucet`. */
  local: z.boolean(),
  rpcUrl: z.string(),
  tokenAddress: z.string(),
  adminWallet: z.string(),
  blockExplorerUrl: z.string().nullable(),
  /** anvil's dev account addresses on a local chain (account 0 is the admin); empty elsewhere. */
  devAccounts: z.array(z.string()),
  /**
   * On a local chain whose data folder or anvil port is not the default: the environment `npm run faucet`
   * needs to find this stack, e.g. `DATA_DIR=/tmp/class ANVIL_PORT=8600`; empty otherwise.
   */
  faucetEnv: z.string().default(""),
  /** FEED_ANNOUNCE_SECONDS: classmates see a new Feed post at the end of a span this long (0: at once). */
  feedAnnounceSeconds: z.number().int().nonnegative().default(60),
  /** WELCOME_CC: what a wallet added to the roster receives (0: no welcome grant). */
  welcomeCc: z.number().nonnegative().default(10),
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;
