/** Opening a page of the stack in a fresh browser context, with or without the injected test wallet. */
import type { Browser, BrowserContext, Locator, Page, Request } from "playwright-core";
import type { E2EStack } from "./stack";
import { TestWallet, type TestWalletOptions } from "./test-wallet";

export const DESKTOP = { width: 1280, height: 860 };
export const PHONE = { width: 375, height: 760 };

export interface Opened {
  context: BrowserContext;
  page: Page;
  wallet: TestWallet | null;
}

/** A fresh browser context (own cookies and storage) on `path`, with the test wallet unless `wallet: false`. */
export async function openPage(
  browser: Browser,
  stack: E2EStack,
  path: string,
  options: { wallet?: Partial<TestWalletOptions> | false; viewport?: typeof DESKTOP } = {},
): Promise<Opened> {
  const context = await browser.newContext({
    viewport: options.viewport ?? DESKTOP,
    permissions: ["clipboard-read", "clipboard-write"],
  });
  const page = await context.newPage();
  page.on("pageerror", (error) => console.error(`[page error] ${error.message}`));
  trackRequests(page);
  const wallet =
    options.wallet === false ? null : await TestWallet.install(page, { rpcUrl: stack.rpcUrl, ...options.wallet });
  await page.goto(`${stack.url}${path}`);
  return { context, page, wallet };
}

interface RequestTracker {
  inFlight: Set<Request>;
  /** When the last request started or ended (ms since the epoch). */
  changedAt: number;
}

const trackers = new WeakMap<Page, RequestTracker>();

/** Counts the page's requests in flight from its creation on, the live-update stream aside (it stays open). */
function trackRequests(page: Page): void {
  const tracker: RequestTracker = { inFlight: new Set(), changedAt: Date.now() };
  const end = (request: Request) => {
    if (tracker.inFlight.delete(request)) tracker.changedAt = Date.now();
  };
  page.on("request", (request) => {
    if (request.resourceType() === "eventsource") return;
    tracker.inFlight.add(request);
    tracker.changedAt = Date.now();
  });
  page.on("requestfinished", end);
  page.on("requestfailed", end);
  trackers.set(page, tracker);
}

/**
 * Waits until a page from `openPage` has settled: no request in flight for `quietMs`, every picture in
 * view loaded and no spinner on screen. For what a fixed pause used to wait for (lists and pictures before a
 * screenshot, the last answers before "no failed request"): it ends as soon as the page is done, and it
 * fails instead of passing early when the page never is.
 */
export async function settled(page: Page, { quietMs = 400, timeoutMs = 20_000 } = {}): Promise<void> {
  const tracker = trackers.get(page);
  if (!tracker) throw new Error("settled() needs a page opened with openPage()");
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const quiet = tracker.inFlight.size === 0 && Date.now() - tracker.changedAt >= quietMs;
    // Pictures still loading in view (a lazy one below the fold loads only when scrolled to), and spinners.
    const loading = await page.evaluate(() => [
      ...[...document.images]
        .filter((image) => !image.complete && image.getBoundingClientRect().top < window.innerHeight)
        .map((image) => `picture ${image.currentSrc || image.src}`),
      ...[...document.querySelectorAll(".spinner")].map(() => "a spinner"),
    ]);
    if (quiet && loading.length === 0) return;
    if (Date.now() > deadline) {
      const pending = [...[...tracker.inFlight].map((request) => request.url()), ...loading];
      throw new Error(`${page.url()} did not settle within ${timeoutMs} ms; still loading: ${pending.join(", ")}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * Waits until the picture `image` shows has loaded with real pixels (scrolled into view first: pictures load
 * lazily). Reading `naturalWidth` right after the card appeared raced the download and failed when the
 * machine was busy; a picture that never loads still fails, after `timeoutMs`.
 */
export async function imageLoaded(image: Locator, { timeoutMs = 10_000 } = {}): Promise<void> {
  await image.scrollIntoViewIfNeeded();
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const state = await image.evaluate((img: HTMLImageElement) =>
      img.complete ? (img.naturalWidth > 0 ? "loaded" : "broken") : "loading",
    );
    if (state === "loaded") return;
    if (state === "broken" || Date.now() > deadline) {
      const src = await image.getAttribute("src");
      throw new Error(
        `the picture ${src} ${state === "broken" ? "failed to load" : `did not load within ${timeoutMs} ms`}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * Runs `work` over `items`, `at` at a time (each in its own browser context): a file's page-by-page tour spends
 * most of its time waiting on the server and the chain, so three pages at once take about a third as long.
 * Every item runs; the first failure is thrown once all have ended.
 */
export async function fewAtATime<T>(items: readonly T[], work: (item: T) => Promise<void>, at = 3): Promise<void> {
  let next = 0;
  const failures: unknown[] = [];
  const lane = async () => {
    while (next < items.length) {
      const item = items[next++] as T;
      await work(item).catch((error: unknown) => failures.push(error));
    }
  };
  await Promise.all(Array.from({ length: Math.min(at, items.length) }, lane));
  if (failures.length > 0) throw failures[0];
}
