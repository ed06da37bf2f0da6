/**
 * The run's shared stack, for e2e files that do not change what the others see. A file on it acts through
 * wallets no other file uses (fresh keys, or dev accounts only it uses) and counts nothing another file's
 * writes would change. A file that restarts the stack, needs other settings, toggles global state
 * (whitelist mode, automine, closing every bounty, …) or asserts global totals keeps a stack of its own
 * (`startStack()`). The stack itself is started and stopped by shared-stack-setup.ts.
 */
import { inject } from "vitest";
import { SHARED_STACK_BROKER, type SharedStackInfo } from "./shared-stack-setup";
import type { E2EStack } from "./stack";

/** The shared stack (started by the first file that asks). Its `stop()` does nothing: the run owns it. */
export async function useSharedStack(): Promise<E2EStack> {
  const response = await fetch(inject(SHARED_STACK_BROKER));
  if (!response.ok) throw new Error(`The shared e2e stack did not start:\n${await response.text()}`);
  const info = (await response.json()) as SharedStackInfo;
  return {
    ...info,
    output: () => "(the shared stack's output is reported by its global setup when it fails to start)",
    stop: async () => {},
    kill: () => {},
  };
}
