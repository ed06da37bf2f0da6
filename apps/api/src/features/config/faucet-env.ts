/**
 * The environment `npm run faucet` needs to reach this stack (scripts/faucet.ts reads DATA_DIR for the token's
 * deployment and ANVIL_PORT or RPC_URL for the chain), so the command the app prints works as printed on a
 * stack started with another data folder or anvil port. Empty for the defaults and off the local chain.
 */
import { resolve } from "node:path";
import type { Config } from "../../config";

const DEFAULT_ANVIL_PORT = "8545";
const LOCAL_HOSTS = new Set(["127.0.0.1", "localhost"]);

/** A value as a POSIX shell word (quoted when it holds anything but safe characters). */
const shellWord = (value: string) => (/^[\w@%+=:,./-]+$/.test(value) ? value : `'${value.replaceAll("'", "'\\''")}'`);

export function faucetEnv(config: Pick<Config, "chain" | "dataDir" | "rpcUrl">): string {
  if (config.chain !== "local") return "";
  const parts: string[] = [];
  // The configuration's default data folder is `data` under the directory the stack was started from.
  if (resolve(config.dataDir) !== resolve("data")) parts.push(`DATA_DIR=${shellWord(config.dataDir)}`);
  try {
    const url = new URL(config.rpcUrl);
    if (!LOCAL_HOSTS.has(url.hostname)) parts.push(`RPC_URL=${shellWord(config.rpcUrl)}`);
    else if ((url.port || "80") !== DEFAULT_ANVIL_PORT) parts.push(`ANVIL_PORT=${url.port || "80"}`);
  } catch {
    parts.push(`RPC_URL=${shellWord(config.rpcUrl)}`);
  }
  return parts.join(" ");
}
