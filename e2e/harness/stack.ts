/**
 * Runs the real `scripts/start.ts` (what `npm start` runs) as a child process on free ports with a fresh
 * data folder, and stops it the way a person does: SIGINT.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { freePort } from "./free-port";

export const repoRoot = resolve(fileURLToPath(import.meta.url), "../../..");
/** The local stack's chain name (apps/api/src/config.ts), as the app's "switch to …" texts name it. */
export const CHAIN_NAME = "Anvil";

export interface E2EStack {
  url: string;
  rpcUrl: string;
  tokenAddress: `0x${string}`;
  dataDir: string;
  output(): string;
  stop(): Promise<void>;
  /** SIGKILLs the stack's whole process group at once (for an exit handler, which cannot wait). */
  kill(): void;
}

export async function startStack(env: Record<string, string> = {}): Promise<E2EStack> {
  const dataDir = env.DATA_DIR ?? mkdtempSync(join(tmpdir(), "classcoin-e2e-"));
  const port = await freePort();
  const anvilPort = await freePort();
  const child: ChildProcess = spawn(join(repoRoot, "node_modules/.bin/tsx"), ["scripts/start.ts"], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(port),
      ANVIL_PORT: String(anvilPort),
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
      // Every test signs in from 127.0.0.1; the per-IP hourly cap on new sessions (40) is for real clients.
      SIGN_INS_PER_IP_PER_HOUR: "100000",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
    // Its own process group, so a stop reaches tsx, node and anvil alike: a SIGKILL to the tsx wrapper
    // alone (the fallback below) would orphan the chain.
    detached: true,
  });
  const signal = (name: NodeJS.Signals) => {
    try {
      if (child.pid) process.kill(-child.pid, name);
    } catch {
      // Already gone.
    }
  };
  let output = "";
  const exited = new Promise<number | null>((r) => child.once("exit", (code) => r(code)));
  const ready = await new Promise<{ url: string; rpcUrl: string; tokenAddress: `0x${string}` }>(
    (resolveReady, reject) => {
      const timer = setTimeout(() => {
        signal("SIGKILL");
        reject(new Error(`the stack did not start within 60 s:\n${output}`));
      }, 60_000);
      const onData = (chunk: Buffer) => {
        output += chunk.toString();
        const url = /ClassCoin is running at (\S+)/.exec(output)?.[1];
        const rpcUrl = /RPC (http\S+)/.exec(output)?.[1];
        const token = /at (0x[0-9a-fA-F]{40})/.exec(output)?.[1];
        if (url && rpcUrl && token && output.includes("Ready in")) {
          clearTimeout(timer);
          resolveReady({ url, rpcUrl, tokenAddress: token as `0x${string}` });
        }
      };
      child.stdout?.on("data", onData);
      child.stderr?.on("data", onData);
      child.once("exit", (code) => {
        clearTimeout(timer);
        reject(new Error(`the stack exited with code ${code} before it was ready:\n${output}`));
      });
    },
  );
  return {
    ...ready,
    dataDir,
    output: () => output,
    kill: () => signal("SIGKILL"),
    async stop() {
      if (child.exitCode === null) {
        signal("SIGINT");
        const timer = setTimeout(() => signal("SIGKILL"), 15_000);
        await exited;
        clearTimeout(timer);
      }
      if (!env.DATA_DIR) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
