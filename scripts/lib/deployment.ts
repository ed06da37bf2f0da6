/** The local token deployment record, `DATA_DIR/deployment.json`, so restarts reuse the same token. */
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { z } from "zod";

const deploymentSchema = z.object({
  chainId: z.number(),
  tokenAddress: z.string().regex(/^0x[0-9a-fA-F]{40}$/),
  deployedAt: z.string(),
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
