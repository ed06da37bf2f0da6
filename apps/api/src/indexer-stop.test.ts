/**
 * `npm run indexer` (the indexer on its own, apps/api/src/indexer.ts, spawned as the stress soak spawns it)
 * stopped by SIGTERM says so as the server does: the signal, the leader lock handed over to a standby, and
 * "ClassCoin indexer stopped"; and exits 0. Before, it exited without a line.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestChain, type TestChain } from "./testing/chain";
import { createThrowawayPostgres, type ThrowawayPostgres } from "./testing/database";

const repoRoot = resolve(fileURLToPath(import.meta.url), "../../../..");

let chain: TestChain;
beforeAll(async () => {
  chain = await startTestChain();
});
afterAll(async () => {
  await chain?.stop();
});

interface Running {
  child: ChildProcess;
  output(): string;
  exited: Promise<number | null>;
  /** Resolves once the output matches `pattern`. */
  says(pattern: RegExp, timeoutMs?: number): Promise<void>;
}

function startIndexer(env: Record<string, string>): Running {
  // node itself, with tsx's loader: the tsx command is a parent process of its own, which answered a SIGTERM
  // with its own exit (143) whatever the indexer did, as `exec node` in `npm run indexer` does not.
  const child = spawn(process.execPath, ["--import", "tsx", "apps/api/src/indexer.ts"], {
    cwd: repoRoot,
    env: { ...process.env, RPC_URL: chain.rpcUrl, TOKEN_ADDRESS: chain.tokenAddress, CHAIN: "local", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const append = (chunk: Buffer) => {
    output += chunk.toString();
  };
  child.stdout?.on("data", append);
  child.stderr?.on("data", append);
  const exited = new Promise<number | null>((done) => child.once("exit", (code) => done(code)));
  const says = async (pattern: RegExp, timeoutMs = 30_000) => {
    const deadline = Date.now() + timeoutMs;
    while (!pattern.test(output)) {
      if (Date.now() > deadline || child.exitCode !== null) {
        throw new Error(`the indexer never said ${pattern}; it said:\n${output}`);
      }
      await new Promise((r) => setTimeout(r, 100));
    }
  };
  return { child, output: () => output, exited, says };
}

const STOPPED = /SIGTERM: stopping the indexer[\s\S]*ClassCoin indexer stopped \(SIGTERM\) in \d+ ms/;

describe("the standalone indexer stopped by SIGTERM", () => {
  it("behavior: on the embedded database it says it stops, and exits 0", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "classcoin-indexer-stop-"));
    try {
      const indexer = startIndexer({ DATA_DIR: dataDir, DATABASE_URL: "" });
      await indexer.says(/Indexing ClassCoin/);
      indexer.child.kill("SIGTERM");
      expect(await indexer.exited).toBe(0);
      expect(indexer.output()).toMatch(STOPPED);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  describe.runIf(process.env.TEST_DATABASE_URL)("on PostgreSQL", () => {
    let database: ThrowawayPostgres;
    beforeAll(async () => {
      database = await createThrowawayPostgres(process.env.TEST_DATABASE_URL, "classcoin_indexer_stop");
    });
    afterAll(async () => {
      await database?.drop();
    });

    it("behavior: the leader says it hands its lock over, exits 0, and the standby takes over", async () => {
      const leader = startIndexer({ DATABASE_URL: database.url });
      let standby: Running | undefined;
      try {
        await leader.says(/this instance is the indexer leader/);
        standby = startIndexer({ DATABASE_URL: database.url });
        await standby.says(/standing by/);
        leader.child.kill("SIGTERM");
        expect(await leader.exited).toBe(0);
        expect(leader.output()).toMatch(STOPPED);
        expect(leader.output()).toMatch(/leader lock released; a standby takes over[\s\S]*ClassCoin indexer stopped/);
        await standby.says(/this instance is the indexer leader \(took over\)/);
        standby.child.kill("SIGTERM");
        expect(await standby.exited).toBe(0);
        expect(standby.output()).toMatch(STOPPED);
      } finally {
        leader.child.kill("SIGKILL");
        standby?.child.kill("SIGKILL");
      }
    });
  });
});
