/**
 * The commands a stress file runs as an operator would (`npm run serve`, `npm run indexer`, …): each in a group
 * of its own with its output kept, and every one still running killed with its group at the end of the file.
 * Vitest runs each file in its own module instance, so `started` is the file's own.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { tmpdir } from "node:os";

/** No environment of the test run leaks into a command: what it needs is passed by name. */
export const baseEnv = () => ({ PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? tmpdir() });

export interface Proc {
  name: string;
  child: ChildProcess;
  output(): string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

const started: ChildProcess[] = [];

export function startProcess(name: string, command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv): Proc {
  const child = spawn(command, args, { cwd, env, stdio: ["ignore", "pipe", "pipe"], detached: true });
  started.push(child);
  let output = "";
  const add = (c: Buffer) => {
    output += c.toString();
  };
  child.stdout?.on("data", add);
  child.stderr?.on("data", add);
  // "close", not "exit": it comes after the pipes are drained, so output() then holds every line written.
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((r) =>
    child.once("close", (code, signal) => r({ code, signal })),
  );
  return { name, child, output: () => output, exited };
}

/** SIGKILL to the group of every command still running (npm and the node it runs). */
export function killStarted(): void {
  for (const child of started) {
    if (child.pid && child.exitCode === null && child.signalCode === null) {
      try {
        process.kill(-child.pid, "SIGKILL");
      } catch {}
    }
  }
}
