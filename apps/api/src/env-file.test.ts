import { spawnSync } from "node:child_process";
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { parseEnv } from "node:util";
import { afterEach, describe, expect, it } from "vitest";
import { ENV_BLOCK_END, ENV_BLOCK_START, serverEnvBlock } from "../../../scripts/lib/server-env-block";
import { ConfigError, loadConfig } from "./config";
import { loadEnvFile } from "./env-file";

const repoRoot = resolve(fileURLToPath(import.meta.url), "../../../..");
const key = `0x${"ab".repeat(32)}` as const;
const sepolia = {
  CHAIN: "sepolia",
  RPC_URL: "https://sepolia.infura.io/v3/secret-key",
  PUBLIC_RPC_URL: "https://ethereum-sepolia-rpc.publicnode.com",
  TOKEN_ADDRESS: `0x${"12".repeat(20)}`,
  ADMIN_WALLET: `0x${"34".repeat(20)}`,
  TREASURY_PRIVATE_KEY: key,
};

const dirs: string[] = [];
function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), "classcoin-env-"));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function configError(env: Record<string, string>): string {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error("expected a configuration error");
}

describe("configuration", () => {
  it("behavior: .env.example copied as-is is a valid configuration (empty values count as unset)", () => {
    const env = parseEnv(readFileSync(join(repoRoot, ".env.example"), "utf8")) as Record<string, string>;
    expect(Object.values(env).filter((v) => v === "").length).toBeGreaterThan(5);
    const config = loadConfig(env);
    expect(config).toMatchObject({ chain: "local", port: 5173, host: "127.0.0.1", databaseUrl: undefined });
    expect(config.redisUrl).toBeUndefined();
  });

  it("behavior: every problem is listed at once, in one message naming each variable", () => {
    const message = configError({ PORT: "http", CHAIN: "sepolia", DATABASE_URL: "mysql://x", LOG_LEVEL: "loud" });
    for (const name of [
      "PORT",
      "DATABASE_URL",
      "LOG_LEVEL",
      "RPC_URL",
      "PUBLIC_RPC_URL",
      "TOKEN_ADDRESS",
      "TREASURY_PRIVATE_KEY",
      "ADMIN_WALLET",
    ]) {
      expect(message).toContain(`- ${name}:`);
    }
    expect(message).toMatch(/^Invalid configuration \(8 problems/);
  });

  it("behavior: on Sepolia PUBLIC_RPC_URL is required and must not be the (keyed) RPC_URL", () => {
    expect(loadConfig(sepolia).publicRpcUrl).toBe(sepolia.PUBLIC_RPC_URL);
    const { PUBLIC_RPC_URL: _, ...withoutPublic } = sepolia;
    expect(configError(withoutPublic)).toContain("PUBLIC_RPC_URL: is required when CHAIN=sepolia");
    const same = { ...sepolia, PUBLIC_RPC_URL: `${sepolia.RPC_URL}/` };
    expect(configError(same)).toMatch(/PUBLIC_RPC_URL: must differ from RPC_URL.*ALLOW_PUBLIC_RPC_URL_EQUAL=true/);
    expect(loadConfig({ ...same, ALLOW_PUBLIC_RPC_URL_EQUAL: "true" }).publicRpcUrl).toBe(same.PUBLIC_RPC_URL);
  });

  it("behavior: the block deploy:sepolia prints is refused until its CHANGE-ME placeholders are replaced", () => {
    const block = serverEnvBlock({
      rpcUrl: sepolia.RPC_URL,
      publicRpcUrl: sepolia.PUBLIC_RPC_URL,
      tokenAddress: sepolia.TOKEN_ADDRESS,
      adminWallet: sepolia.ADMIN_WALLET,
      treasuryPrivateKey: key,
    });
    expect(block.startsWith(ENV_BLOCK_START) && block.endsWith(ENV_BLOCK_END)).toBe(true);
    const env = parseEnv(block) as Record<string, string>;
    const message = configError(env);
    expect(message).toContain("DATABASE_URL: still holds the CHANGE-ME placeholder");
    expect(message).toContain("PUBLIC_URL: still holds the CHANGE-ME placeholder");
    const config = loadConfig({
      ...env,
      DATABASE_URL: "postgres://classcoin:pw@db:5432/classcoin",
      PUBLIC_URL: "https://classcoin.school.example",
    });
    expect(config).toMatchObject({ chain: "sepolia", confirmations: 2, tokenAddress: sepolia.TOKEN_ADDRESS });
  });

  it("behavior: .env fills what the environment leaves unset; the environment wins; ENV_FILE names another file", () => {
    const dir = tempDir();
    writeFileSync(
      join(dir, "classcoin.env"),
      "PORT=6001\nHOST=0.0.0.0\nLOG_LEVEL=\n# comment\nREDIS_URL=redis://r:6379\n",
    );
    const env: Record<string, string | undefined> = {
      ENV_FILE: join(dir, "classcoin.env"),
      PORT: "7000",
      HOST: "",
    };
    const loaded = loadEnvFile(env);
    expect(loaded?.applied.sort()).toEqual(["HOST", "REDIS_URL"]);
    expect(env).toMatchObject({ PORT: "7000", HOST: "0.0.0.0", REDIS_URL: "redis://r:6379" });
    expect(env.LOG_LEVEL).toBeUndefined();
    expect(() => loadEnvFile({ ENV_FILE: join(dir, "missing.env") })).toThrow(ConfigError);
  });
});

describe("server start-up", () => {
  it("behavior: a bad configuration exits 1 with the list of problems and no stack trace", () => {
    const dir = tempDir();
    copyFileSync(join(repoRoot, ".env.example"), join(dir, ".env"));
    writeFileSync(join(dir, ".env"), "CHAIN=sepolia\nPORT=eighty\n", { flag: "a" });
    const result = spawnSync(join(repoRoot, "node_modules/.bin/tsx"), [join(repoRoot, "apps/api/src/server.ts")], {
      cwd: dir,
      env: { PATH: process.env.PATH ?? "" },
      encoding: "utf8",
      timeout: 60_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/^Invalid configuration \(6 problems/);
    expect(result.stderr).toContain("- PORT:");
    expect(result.stderr).toContain("- RPC_URL: is required when CHAIN=sepolia");
    expect(result.stderr).not.toMatch(/\n\s+at /);
  });
});
