import { it } from "vitest";
import { launchBrowser } from "./harness/browser";
import { connectWallet } from "./harness/connect";
import { openPage } from "./harness/pages";
const stack = { url: "http://localhost:5917", rpcUrl: "http://127.0.0.1:8617" } as never;
it("scratch", async () => {
  const browser = await launchBrowser();
  for (const signer of [false, 9, 1] as const) {
    for (const path of ["/", "/forum"]) {
      const { page, context } = await openPage(browser, stack, "/nothing", { wallet: signer === false ? false : { signer } });
      const logs: string[] = [];
      page.on("console", (m) => logs.push(`${m.type()}: ${m.text()}`));
      page.on("response", (r) => { if (r.status() >= 400) logs.push(`HTTP ${r.status()} ${r.url()}`); });
      await page.goto(`http://localhost:5917${path}`);
      await page.waitForTimeout(1500);
      if (signer !== false) { logs.push("-- connect"); await connectWallet(page); }
      await page.waitForTimeout(2500);
      console.log(`--- signer ${signer} ${path}\n${logs.join("\n")}`);
      await context.close();
    }
  }
  await browser.close();
}, 300_000);
