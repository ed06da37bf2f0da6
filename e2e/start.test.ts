import { mkdtempSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { classCoinAbi } from "@classcoin/contracts";
import { createPublicClient, http } from "viem";
import { foundry } from "viem/chains";
import { afterAll, describe, expect, it } from "vitest";
import { freePort } from "./harness/free-port";
import { startStack } from "./harness/stack";

const dataDir = mkdtempSync(join(tmpdir(), "classcoin-start-"));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe("npm start (scripts/start.ts)", () => {
  it("serves the live chain, and a second start resumes the same token and chain", async () => {
    const first = await startStack({ DATA_DIR: dataDir, SEED_DEMO: "false" });
    const health = await (await fetch(`${first.url}/api/health`)).json();
    expect(health).toMatchObject({ ok: true, chainId: 31337, database: "pglite" });
    expect(health.blockNumber).toBeGreaterThan(0);
    const client = createPublicClient({ chain: foundry, transport: http(first.rpcUrl) });
    const name = await client.readContract({ address: first.tokenAddress, abi: classCoinAbi, functionName: "name" });
    expect(name).toBe("ClassCoin");
    expect(first.output()).toContain("(just deployed)");
    const blockBefore = await client.getBlockNumber();
    await first.stop();

    const second = await startStack({ DATA_DIR: dataDir, SEED_DEMO: "false" });
    try {
      expect(second.tokenAddress).toBe(first.tokenAddress);
      expect(second.output()).not.toContain("(just deployed)");
      const again = createPublicClient({ chain: foundry, transport: http(second.rpcUrl) });
      expect(await again.getBlockNumber()).toBeGreaterThanOrEqual(blockBefore);
    } finally {
      await second.stop();
    }
  });

  it("refuses clearly when its port is taken", async () => {
    const port = await freePort();
    const blocker: Server = createServer();
    await new Promise<void>((r) => blocker.listen(port, "127.0.0.1", () => r()));
    try {
      await expect(startStack({ PORT: String(port), SEED_DEMO: "false" })).rejects.toThrow(
        new RegExp(`Port ${port} is already in use.*set PORT to a free port`, "s"),
      );
    } finally {
      blocker.close();
    }
  });
});
