/**
 * Loads `.env` (from the working directory, or the file named by ENV_FILE) into `process.env` before the
 * configuration is parsed. A variable already set in the environment wins over the file; an empty value,
 * in either, counts as unset (`.env.example` lists every variable with no value). Parsed with Node's own
 * `util.parseEnv`, so there is no dependency and no variable expansion.
 */
import { existsSync, readFileSync } from "node:fs";
import { resolve } from "node:path";
import { parseEnv } from "node:util";
import { ConfigError } from "./config";

export interface LoadedEnvFile {
  path: string;
  /** Variables taken from the file (not already set in the environment). */
  applied: string[];
}

export function loadEnvFile(env: Record<string, string | undefined> = process.env): LoadedEnvFile | undefined {
  const named = env.ENV_FILE?.trim();
  const path = resolve(named || ".env");
  if (!existsSync(path)) {
    if (named) throw new ConfigError(`Invalid configuration: ENV_FILE names ${path}, which does not exist.`);
    return undefined;
  }
  let values: Record<string, string | undefined>;
  try {
    values = parseEnv(readFileSync(path, "utf8")) as Record<string, string | undefined>;
  } catch (error) {
    throw new ConfigError(`Invalid configuration: cannot read ${path}: ${(error as Error).message}`);
  }
  const applied: string[] = [];
  for (const [key, value] of Object.entries(values)) {
    if (value === undefined || value.trim() === "") continue;
    if (env[key] !== undefined && env[key]?.trim() !== "") continue;
    env[key] = value;
    applied.push(key);
  }
  return { path, applied };
}

/** For start-up logs: where the configuration came from, naming variables but never their values. */
export function describeEnvFile(loaded: LoadedEnvFile | undefined): string {
  if (!loaded) return "no .env file; configuration from the environment";
  return `${loaded.applied.length} setting${loaded.applied.length === 1 ? "" : "s"} from ${loaded.path}`;
}
