/**
 * Debian's Chromium driven by playwright-core. It never skips: without a browser it fails with the
 * command that installs one.
 */
import { existsSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import { type Browser, chromium, type Page } from "playwright-core";
import { repoRoot } from "./stack";

export const screenshotsDir = join(repoRoot, "e2e/screenshots");

export function chromiumPath(): string {
  const path = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
  if (!existsSync(path)) {
    throw new Error(
      `Chromium was not found at ${path}. Install it with \`sudo apt-get install -y chromium\` (Debian/Ubuntu) or set CHROMIUM_PATH to a Chromium/Chrome binary.`,
    );
  }
  return path;
}

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath(),
    headless: true,
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
    ],
  });
}

/** Saves e2e/screenshots/<name>.png (full page) for a person to look at. */
export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(screenshotsDir, { recursive: true });
  // A full-page capture taken while scrolled paints the sticky header mid-page; start from the top.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: join(screenshotsDir, `${name}.png`), fullPage: true });
}
