/**
 * One anvil for the whole Vitest run. `vitest.config.ts` names this file as the global setup: it starts the
 * chain before any test file, hands its RPC URL to the test workers (`provide`/`inject`), and stops it when
 * the run ends, also when tests fail or the run is interrupted. `startTestChain()` connects to it.
 */
import { type Anvil, startAnvil } from "@classcoin/contracts/anvil";
import type { TestProject } from "vitest/node";

export const SHARED_ANVIL_RPC_URL = "classcoinSharedAnvilRpcUrl";

declare module "vitest" {
  export interface ProvidedContext {
    [SHARED_ANVIL_RPC_URL]: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const anvil: Anvil = await startAnvil();
  // Should the run end without the teardown (a crash, process.exit), take the chain down with it.
  const kill = () => anvil.process.kill("SIGKILL");
  process.once("exit", kill);
  project.provide(SHARED_ANVIL_RPC_URL, anvil.rpcUrl);
  return async () => {
    process.off("exit", kill);
    await anvil.stop();
  };
}
