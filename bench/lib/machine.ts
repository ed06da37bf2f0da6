/** The machine a result was measured on. */
import { readFileSync } from "node:fs";
import { cpus, loadavg, totalmem } from "node:os";

export interface MachineInfo {
  nproc: number;
  cpuModel: string;
  memoryGiB: number;
  node: string;
  loadavg: number[];
  at: string;
}

export function machineInfo(): MachineInfo {
  let cpuModel = cpus()[0]?.model ?? "unknown";
  try {
    cpuModel = /model name\s*:\s*(.+)/.exec(readFileSync("/proc/cpuinfo", "utf8"))?.[1]?.trim() ?? cpuModel;
  } catch {
    // Not Linux: the os module's name will do.
  }
  return {
    nproc: cpus().length,
    cpuModel,
    memoryGiB: Math.round((totalmem() / 2 ** 30) * 10) / 10,
    node: process.version,
    loadavg: loadavg().map((l) => Math.round(l * 100) / 100),
    at: new Date().toISOString(),
  };
}
