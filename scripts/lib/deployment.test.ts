/** The local deployment record (issue 14): a token built from another ClassCoin.sol is replaced, with a clear line. */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { currentBytecodeHash, readDeployment, staleDeploymentReason, writeDeployment } from "./deployment";

const token = `0x${"ab".repeat(20)}`;
const recorded = (bytecodeHash?: string) => ({
  chainId: 31337,
  tokenAddress: token,
  deployedAt: new Date().toISOString(),
  ...(bytecodeHash ? { bytecodeHash } : {}),
});

describe("the local deployment record", () => {
  it("behavior: the token of the current ClassCoin.sol, still on the chain, is reused", () => {
    expect(staleDeploymentReason(recorded(currentBytecodeHash()), "0x6080")).toBeNull();
  });

  it("behavior: a token from another ClassCoin.sol (or a record from before the hash was kept) is replaced, saying why", () => {
    for (const old of [recorded(`0x${"00".repeat(32)}`), recorded()]) {
      expect(staleDeploymentReason(old, "0x6080")).toBe(
        `The recorded token (${token}) was built from another version of contracts/ClassCoin.sol; deploying the current ClassCoin in its place (balances of the old token do not carry over).`,
      );
    }
  });

  it("behavior: a token no longer on the chain is deployed again", () => {
    expect(staleDeploymentReason(recorded(currentBytecodeHash()), "0x")).toMatch(/not on this chain/);
  });

  it("behavior: the record keeps the bytecode hash across a write and a read", () => {
    const dir = mkdtempSync(join(tmpdir(), "classcoin-deployment-"));
    writeDeployment(dir, recorded(currentBytecodeHash()));
    expect(readDeployment(dir)?.bytecodeHash).toBe(currentBytecodeHash());
  });
});
