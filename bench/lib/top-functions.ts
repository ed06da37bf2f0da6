/** Prints the functions with the most self time in a V8 .cpuprofile: `tsx bench/lib/top-functions.ts <file>`. */
import { readFileSync } from "node:fs";

interface Node {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
}
const profile = JSON.parse(readFileSync(process.argv[2] as string, "utf8")) as { nodes: Node[] };
const self = new Map<string, number>();
const byPackage = new Map<string, number>();
let total = 0;
for (const n of profile.nodes) {
  const hits = n.hitCount ?? 0;
  total += hits;
  const url = n.callFrame.url.replace(/^.*node_modules\//, "").replace(/^file:\/\/\/work\/main\//, "");
  const key = `${n.callFrame.functionName || "(anonymous)"} ${url}:${n.callFrame.lineNumber}`;
  self.set(key, (self.get(key) ?? 0) + hits);
  const pkg = url.startsWith("@") ? url.split("/").slice(0, 2).join("/") : (url.split("/")[0] ?? "");
  byPackage.set(pkg || n.callFrame.functionName, (byPackage.get(pkg || n.callFrame.functionName) ?? 0) + hits);
}
const top = (m: Map<string, number>, k: number) =>
  [...m.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, k)
    .map(([name, h]) => `${((100 * h) / total).toFixed(1).padStart(5)} %  ${name}`)
    .join("\n");
console.log(`by package:\n${top(byPackage, 15)}\n\nby function:\n${top(self, 25)}`);
