/**
 * The whole local product in one call: anvil (state kept in DATA_DIR), ClassCoin deployed once, the API
 * with its database and the built web app on one port. Used by `npm start` and the end-to-end tests.
 */
import { existsSync, mkdirSync } from "node:fs";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { type Config, loadConfig } from "@classcoin/api/config";
import { type RunningServer, startServer } from "@classcoin/api/server";
import { runStartHooks } from "@classcoin/api/start-hooks";
import { type Anvil, startAnvil } from "@classcoin/contracts/anvil";
import { deployClassCoin } from "@classcoin/contracts/deploy";
import { devAccount } from "@classcoin/contracts/dev-accounts";
import { createPublicClient, createWalletClient, http } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { foundry } from "viem/chains";
import { currentBytecodeHash, readDeployment, staleDeploymentReason, writeDeployment } from "./deployment";
import { assertPortFree } from "./ports";

export const repoRoot = resolve(fileURLToPath(import.meta.url), "../../..");
export const webDist = join(repoRoot, "apps/web/dist");
const generatedAbi = join(repoRoot, "contracts/src/generated/ClassCoin.ts");

export interface LocalStack {
  url: string;
  rpcUrl: string;
  tokenAddress: `0x${string}`;
  chainId: number;
  dataDir: string;
  config: Config;
  server: RunningServer;
  anvil: Anvil;
  freshDeployment: boolean;
  stop(): Promise<void>;
}

export interface LocalStackOptions {
  env?: Record<string, string | undefined>;
  log?: (line: string) => void;
}

export async function startLocalStack(options: LocalStackOptions = {}): Promise<LocalStack> {
  const env = { ...process.env, ...options.env };
  const log = options.log ?? (() => {});
  // START_TRACE=1: a line per step, timed from the process's start, so a start that hangs says where (the
  // end-to-end harness sets it and prints them when a stack does not start in time).
  const trace = env.START_TRACE ? (step: string) => log(`[start ${process.uptime().toFixed(1)} s] ${step}`) : () => {};
  trace("modules loaded");
  const dist = env.WEB_DIST ? resolve(env.WEB_DIST) : webDist;
  if (!existsSync(join(dist, "index.html")) || !existsSync(generatedAbi)) {
    throw new Error(
      "The app is not built (apps/web/dist or the generated ClassCoin ABI is missing). Run `npm run build` (or `npm ci`, which builds).",
    );
  }
  const dataDir = resolve(env.DATA_DIR ?? join(repoRoot, "data"));
  mkdirSync(dataDir, { recursive: true });
  const port = Number(env.PORT ?? 5173);
  const anvilPort = Number(env.ANVIL_PORT ?? 8545);
  await assertPortFree(port, env.HOST ?? "127.0.0.1", "PORT");
  await assertPortFree(anvilPort, "127.0.0.1", "ANVIL_PORT");
  trace("ports free");

  const anvil = await startAnvil({ port: anvilPort, statePath: join(dataDir, "anvil-state.json"), stateInterval: 5 });
  trace("anvil listening");
  try {
    const transport = http(anvil.rpcUrl);
    const publicClient = createPublicClient({ chain: foundry, transport, pollingInterval: 50 });
    let deployment = readDeployment(dataDir);
    let freshDeployment = false;
    const code = deployment
      ? await publicClient.getCode({ address: deployment.tokenAddress as `0x${string}` })
      : undefined;
    const stale = deployment ? staleDeploymentReason(deployment, code) : null;
    if (!deployment || stale) {
      if (stale) log(stale);
      const owner = createWalletClient({
        chain: foundry,
        transport,
        account: privateKeyToAccount(devAccount(0).privateKey),
      });
      const tokenAddress = await deployClassCoin(owner, publicClient);
      deployment = {
        chainId: foundry.id,
        tokenAddress,
        deployedAt: new Date().toISOString(),
        bytecodeHash: currentBytecodeHash(),
      };
      writeDeployment(dataDir, deployment);
      freshDeployment = true;
    }
    trace("token deployed");
    const config = loadConfig({
      ...env,
      CHAIN: "local",
      PORT: String(port),
      DATA_DIR: dataDir,
      RPC_URL: anvil.rpcUrl,
      TOKEN_ADDRESS: deployment.tokenAddress,
      WEB_DIST: dist,
    });
    const server = await startServer(config);
    trace("server listening");
    try {
      await runStartHooks(server.app, { log });
      trace("start hooks done");
    } catch (error) {
      await server.close();
      throw error;
    }
    return {
      url: server.url,
      rpcUrl: anvil.rpcUrl,
      tokenAddress: deployment.tokenAddress as `0x${string}`,
      chainId: foundry.id,
      dataDir,
      config,
      server,
      anvil,
      freshDeployment,
      async stop() {
        await server.close();
        await anvil.stop();
      },
    };
  } catch (error) {
    await anvil.stop();
    throw error;
  }
}
