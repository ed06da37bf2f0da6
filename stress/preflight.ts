/**
 * What the stress files that run the built app need before they start: the build (`npm run test:stress`
 * makes it) and a Redis that answers. Said at once, by name, rather than as a server that never comes up.
 */
import { existsSync } from "node:fs";
import { join } from "node:path";
import { Redis } from "ioredis";

export function requireBuild(repoRoot: string): void {
  for (const built of ["apps/api/dist/server.js", "apps/api/dist/deploy-sepolia.js", "apps/web/dist/index.html"]) {
    if (!existsSync(join(repoRoot, built))) {
      throw new Error(`${built} is missing: run \`npm run build\` first (npm run test:stress does).`);
    }
  }
}

/** `who`: the file that needs it, for the message. */
export async function requireRedis(redisUrl: string, who: string): Promise<void> {
  const redis = new Redis(redisUrl, { lazyConnect: true, connectTimeout: 2_000, maxRetriesPerRequest: 0 });
  try {
    await redis.connect();
    await redis.ping();
  } catch (error) {
    throw new Error(`${who} needs Redis (TEST_REDIS_URL or ${redisUrl}): ${(error as Error).message}`);
  } finally {
    redis.disconnect();
  }
}
