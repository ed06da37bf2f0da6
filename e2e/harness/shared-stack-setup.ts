/**
 * The e2e project's global setup (`vitest.config.ts`), run in Vitest's main process: one stack (anvil + API
 * + web via scripts/start.ts, demo community included) for the files that share it (see shared-stack.ts).
 * It serves a tiny broker whose first request starts the stack, so a run of only the files with stacks of
 * their own never starts it, and stops the stack when the run ends (on failure too).
 */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import type { TestProject } from "vitest/node";
import { type E2EStack, startStack } from "./stack";

export const SHARED_STACK_BROKER = "classcoinSharedStackBroker";

declare module "vitest" {
  export interface ProvidedContext {
    [SHARED_STACK_BROKER]: string;
  }
}

export type SharedStackInfo = Pick<E2EStack, "url" | "rpcUrl" | "tokenAddress" | "dataDir">;

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  let started: E2EStack | undefined;
  let stack: Promise<E2EStack> | undefined;
  const broker = createServer((_request, response) => {
    // New Feed posts announced each second (a minute in production): e2e/feed.test.ts's live test waits for one.
    stack ??= startStack({ FEED_ANNOUNCE_SECONDS: "1" }).then((s) => {
      started = s;
      return s;
    });
    stack.then(
      (s) => {
        const info: SharedStackInfo = {
          url: s.url,
          rpcUrl: s.rpcUrl,
          tokenAddress: s.tokenAddress,
          dataDir: s.dataDir,
        };
        response.setHeader("content-type", "application/json");
        response.end(JSON.stringify(info));
      },
      (error: Error) => {
        response.statusCode = 500;
        response.end(error.message);
      },
    );
  });
  await new Promise<void>((resolve) => broker.listen(0, "127.0.0.1", () => resolve()));
  project.provide(SHARED_STACK_BROKER, `http://127.0.0.1:${(broker.address() as AddressInfo).port}`);
  // Should the run end without the teardown (a crash, process.exit), take the stack down with it.
  const kill = () => started?.kill();
  process.once("exit", kill);
  return async () => {
    process.off("exit", kill);
    broker.close();
    const running = await stack?.catch(() => undefined);
    await running?.stop();
  };
}
