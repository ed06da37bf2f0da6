/**
 * Start-up: `npm start` from stopped to the first successful GET /api/health, first on an empty data
 * folder (deploys the token, migrates, seeds the demo data), then again on the same folder (warm).
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { freePort } from "../e2e/harness/free-port";
import { repoRoot } from "../e2e/harness/stack";
import { median } from "./lib/load";
import type { Sizes } from "./sizes";

export interface StartRun {
  healthSeconds: number;
  readySeconds: number;
}

export interface StartupResult {
  first: StartRun;
  warm: StartRun & { runs: StartRun[] };
}

async function startOnce(dataDir: string): Promise<StartRun> {
  const port = await freePort();
  const anvilPort = await freePort();
  const t = performance.now();
  // Its own process group, so SIGINT reaches npm, tsx and anvil as it does from a terminal's Ctrl-C.
  const child: ChildProcess = spawn("npm", ["start", "--silent"], {
    cwd: repoRoot,
    env: { ...process.env, PORT: String(port), ANVIL_PORT: String(anvilPort), DATA_DIR: dataDir, LOG_LEVEL: "warn" },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  let output = "";
  let readySeconds = 0;
  const exited = new Promise<void>((r) => child.once("exit", () => r()));
  const onData = (chunk: Buffer) => {
    output += chunk.toString();
    if (!readySeconds && output.includes("Ready in")) readySeconds = (performance.now() - t) / 1000;
  };
  child.stdout?.on("data", onData);
  child.stderr?.on("data", onData);
  let healthSeconds = 0;
  try {
    while (!healthSeconds) {
      if (child.exitCode !== null) throw new Error(`npm start exited early:\n${output}`);
      if (performance.now() - t > 120_000) throw new Error(`no /api/health within 120 s:\n${output}`);
      try {
        const res = await fetch(`http://127.0.0.1:${port}/api/health`);
        if (res.ok) healthSeconds = (performance.now() - t) / 1000;
      } catch {
        await new Promise((r) => setTimeout(r, 25));
      }
    }
    while (!readySeconds) {
      if (child.exitCode !== null || performance.now() - t > 120_000) throw new Error(`not ready:\n${output}`);
      await new Promise((r) => setTimeout(r, 25));
    }
  } finally {
    if (child.pid && child.exitCode === null) process.kill(-child.pid, "SIGINT");
    const timer = setTimeout(() => child.pid && process.kill(-child.pid, "SIGKILL"), 15_000);
    await exited;
    clearTimeout(timer);
  }
  return { healthSeconds, readySeconds };
}

export async function benchStartup(sizes: Sizes, log: (line: string) => void): Promise<StartupResult> {
  const dataDir = mkdtempSync(join(tmpdir(), "classcoin-bench-start-"));
  try {
    const first = await startOnce(dataDir);
    log(
      `  first start: /api/health after ${first.healthSeconds.toFixed(1)} s (ready ${first.readySeconds.toFixed(1)} s)`,
    );
    const runs: StartRun[] = [];
    for (let i = 0; i < (sizes.quick ? 1 : 3); i++) {
      runs.push(await startOnce(dataDir));
      log(`  warm start: /api/health after ${runs.at(-1)?.healthSeconds.toFixed(1)} s`);
    }
    return {
      first,
      warm: {
        healthSeconds: median(runs.map((r) => r.healthSeconds)),
        readySeconds: median(runs.map((r) => r.readySeconds)),
        runs,
      },
    };
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
