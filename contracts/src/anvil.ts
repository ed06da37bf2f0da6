/**
 * Starts a real anvil node from the `@foundry-rs/anvil` npm package. Its per-platform binary arrives as an
 * optional dependency, so nothing is downloaded and no install script has to run.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { foundry } from "viem/chains";

const require = createRequire(import.meta.url);

export function anvilBinaryPath(): string {
  const arch = process.arch === "x64" ? "amd64" : process.arch;
  const pkg = `@foundry-rs/anvil-${process.platform}-${arch}`;
  let dir: string;
  try {
    dir = dirname(require.resolve(`${pkg}/package.json`));
  } catch {
    throw new Error(
      `The anvil binary package ${pkg} is not installed. Run \`npm ci\` on this platform (${process.platform}/${process.arch}).`,
    );
  }
  const bin = join(dir, "bin", process.platform === "win32" ? "anvil.exe" : "anvil");
  if (!existsSync(bin)) throw new Error(`anvil binary missing at ${bin}; reinstall with \`npm ci\`.`);
  return bin;
}

export interface AnvilOptions {
  /** 0 (the default) lets the OS choose a free port. */
  port?: number;
  host?: string;
  chainId?: number;
  /** Load the chain from this file if it exists and dump it there on exit and every `stateInterval` seconds. */
  statePath?: string;
  stateInterval?: number;
  /** Seconds between blocks; unset means a block per transaction (automine). */
  blockTime?: number;
  /** Forward anvil's own log lines (off by default: it prints every request). */
  log?: (line: string) => void;
}

export interface Anvil {
  rpcUrl: string;
  port: number;
  process: ChildProcess;
  /** Stops anvil gracefully (SIGINT, so it dumps its state) and waits for it to exit. */
  stop(): Promise<void>;
}

export async function startAnvil(options: AnvilOptions = {}): Promise<Anvil> {
  const host = options.host ?? "127.0.0.1";
  const args = [
    "--host",
    host,
    "--port",
    String(options.port ?? 0),
    "--chain-id",
    String(options.chainId ?? foundry.id),
  ];
  if (options.statePath) args.push("--state", options.statePath);
  if (options.statePath && options.stateInterval) args.push("--state-interval", String(options.stateInterval));
  if (options.blockTime) args.push("--block-time", String(options.blockTime));

  const child = spawn(anvilBinaryPath(), args, { stdio: ["ignore", "pipe", "pipe"] });
  const exited = new Promise<void>((resolveExit) => child.once("exit", () => resolveExit()));

  const port = await new Promise<number>((resolvePort, reject) => {
    let output = "";
    const onData = (chunk: Buffer) => {
      const text = chunk.toString();
      output += text;
      for (const line of text.split("\n")) if (line.trim()) options.log?.(line);
      const match = /Listening on [^\s:]+:(\d+)/.exec(output);
      if (match) resolvePort(Number(match[1]));
    };
    child.stdout.on("data", onData);
    child.stderr.on("data", onData);
    child.once("exit", (code) => {
      const reason = /Address already in use/i.test(output)
        ? `port ${options.port} is already in use (set ANVIL_PORT to another port or stop the other node)`
        : `it exited with code ${code}`;
      reject(new Error(`anvil could not start: ${reason}.\n${output.slice(-2000)}`));
    });
  });
  // Keep draining output so a chatty node never blocks on a full pipe.
  child.stdout.removeAllListeners("data");
  child.stderr.removeAllListeners("data");
  child.stdout.on("data", (c: Buffer) => {
    for (const line of c.toString().split("\n")) if (line.trim()) options.log?.(line);
  });
  child.stderr.on("data", () => {});

  return {
    rpcUrl: `http://${host}:${port}`,
    port,
    process: child,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill("SIGINT");
      const timer = setTimeout(() => child.kill("SIGKILL"), 5000);
      await exited;
      clearTimeout(timer);
    },
  };
}
