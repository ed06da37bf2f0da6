/** Shapes of the service endpoints: health and the configuration the browser needs. */
import { z } from "zod";

export const healthSchema = z.object({
  ok: z.boolean(),
  chainId: z.number(),
  tokenAddress: z.string(),
  blockNumber: z.number(),
  database: z.enum(["pglite", "postgres"]),
});
export type Health = z.infer<typeof healthSchema>;

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
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;

export const apiErrorSchema = z.object({ error: z.string() });
export const apiErrorsSchema = z.object({ errors: z.array(z.string()) });
