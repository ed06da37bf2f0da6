import { fileURLToPath } from "node:url";
import { createServer, type ViteDevServer } from "vite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

/**
 * `npm run dev` has no wallet.html (the build writes it): the boot-shell plugin picks the shell per request
 * there. Without that, /wallet flashed the platform's header in development only.
 */
describe("the dev server's boot shell", () => {
  let server: ViteDevServer;
  let base: string;

  beforeAll(async () => {
    server = await createServer({
      configFile: fileURLToPath(new URL("../../vite.config.ts", import.meta.url)),
      root: fileURLToPath(new URL("../..", import.meta.url)),
      // Any free port: the config's fixed 5174 may be taken by a developer's own `npm run dev`.
      server: { port: 0, strictPort: false, hmr: false, ws: false },
      logLevel: "silent",
    });
    await server.listen();
    const address = server.httpServer?.address();
    if (!address || typeof address === "string") throw new Error("the dev server has no port");
    base = `http://127.0.0.1:${address.port}`;
  }, 60_000);
  afterAll(() => server?.close());

  const page = async (path: string) => {
    const response = await fetch(base + path, { headers: { accept: "text/html" } });
    expect(response.status).toBe(200);
    return response.text();
  };

  it.each(["/wallet", "/wallet/", "/wallet?token=0x1"])("sends the wallet's loading screen for %s", async (path) => {
    const html = await page(path);
    expect(html).toContain("Loading the wallet");
    expect(html).not.toContain("Loading ClassCoin");
  });

  it.each(["/", "/forum", "/wallets", "/wallet/send"])("sends the platform's header for %s", async (path) => {
    const html = await page(path);
    expect(html).toContain("Loading ClassCoin");
    expect(html).not.toContain("Loading the wallet");
  });
});
