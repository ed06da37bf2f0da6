/** The local token deployment record, `DATA_DIR/deployment.json`, so restarts reuse the same token. */
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { classCoinBytecode } from "@classcoin/contracts";
import { keccak256 } from "viem";
import { z } from "zod";

const deploymentSchema = z.object({
  chainId: z.number(),
  tokenAddress: z.string().regex(/^0x[0-9a-fA-F]{40}$/),
  deployedAt: z.string(),
  /** keccak256 of the creation bytecode deployed; another one means ClassCoin.sol changed since (issue 14). */
  bytecodeHash: z.string().optional(),
});
export type Deployment = z.infer<typeof deploymentSchema>;

export const deploymentPath = (dataDir: string) => join(dataDir, "deployment.json");

export function readDeployment(dataDir: string): Deployment | null {
  const path = deploymentPath(dataDir);
  if (!existsSync(path)) return null;
  const parsed = deploymentSchema.safeParse(JSON.parse(readFileSync(path, "utf8")));
  return parsed.success ? parsed.data : null;
}

export function writeDeployment(dataDir: string, deployment: Deployment): void {
  writeFileSync(deploymentPath(dataDir), `${JSON.stringify(deployment, null, 2)}\n`);
}

/** The hash of the ClassCoin the checkout builds now, kept in the record to notice a changed contract. */
export const currentBytecodeHash = (): string => keccak256(classCoinBytecode);

/** Why a recorded deployment cannot be reused, or null when it can. */
export function staleDeploymentReason(deployment: Deployment, code: string | undefined): string | null {
  if (!code || code === "0x")
    return "The recorded token is not on this chain (its state was reset); deploying ClassCoin again.";
  if (deployment.bytecodeHash !== currentBytecodeHash()) {
    return (
      `The recorded token (${deployment.tokenAddress}) was built from another version of contracts/ClassCoin.sol; ` +
      "deploying the current ClassCoin in its place (balances of the old token do not carry over)."
    );
  }
  return null;
}
