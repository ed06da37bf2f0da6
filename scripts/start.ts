/** `npm start`: the whole local stack. Ctrl-C stops every part; the next start resumes the same chain and data. */
import { devAccounts } from "@classcoin/contracts/dev-accounts";
import { startLocalStack } from "./lib/local-stack";

const started = Date.now();
let stack: Awaited<ReturnType<typeof startLocalStack>>;
try {
  stack = await startLocalStack({ env: { LOG_LEVEL: process.env.LOG_LEVEL ?? "warn" }, log: (l) => console.log(l) });
} catch (error) {
  console.error(`\nClassCoin could not start: ${(error as Error).message}\n`);
  process.exit(1);
}

const accounts = devAccounts
  .map((a) => `  #${a.index} ${a.address}${a.index === 0 ? "  (admin, treasury, token owner)" : ""}`)
  .join("\n");
console.log(`
ClassCoin is running at ${stack.url}
  chain:  anvil, chain id ${stack.chainId}, RPC ${stack.rpcUrl}
  token:  ClassCoin (CC) at ${stack.tokenAddress}${stack.freshDeployment ? " (just deployed)" : ""}
  data:   ${stack.dataDir} (${stack.config.databaseUrl ? "PostgreSQL" : "PGlite"})
  wallet page: ${stack.url}/wallet
Dev accounts (anvil; use the Dev wallet in the app, or import a key into a browser wallet):
${accounts}
Ready in ${((Date.now() - started) / 1000).toFixed(1)} s. Press Ctrl-C to stop.`);

let stopping = false;
async function stop(signal: string) {
  if (stopping) return;
  stopping = true;
  console.log(`\n${signal}: stopping ClassCoin (saving the chain state)…`);
  await stack.stop();
  process.exit(0);
}
process.on("SIGINT", () => void stop("SIGINT"));
process.on("SIGTERM", () => void stop("SIGTERM"));
