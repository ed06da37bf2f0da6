/** axe-core in the page: no serious or critical accessibility violation. */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { Page } from "playwright-core";
import { expect } from "vitest";

const require = createRequire(import.meta.url);
let axeScript: string | null = null;
const axeSource = () => {
  axeScript ??= readFileSync(require.resolve("axe-core/axe.min.js"), "utf8");
  return axeScript;
};

/** Runs axe-core on the page; fails on serious or critical violations, naming them. */
export async function expectAccessible(page: Page): Promise<void> {
  if (!(await page.evaluate(() => "axe" in window))) {
    // Evaluated over the DevTools protocol rather than added as a <script>: the app's Content Security
    // Policy (rightly) refuses inline scripts, and the test must not weaken it.
    await page.evaluate(axeSource());
  }
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(): Promise<{ violations: AxeViolation[] }> } }).axe;
    const result = await axe.run();
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.slice(0, 3).map((n) => n.target.join(" ")),
    }));
  });
  expect(violations.filter((v) => v.impact === "serious" || v.impact === "critical")).toEqual([]);
}

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
}
