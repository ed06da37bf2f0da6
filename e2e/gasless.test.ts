/**
 * Issue 14, in Chromium against the real stack with WELCOME_ETH=0 (students get CC, no gas money): a fresh
 * wallet with 0 CC and 0 ETH is added to the roster and receives its welcome grant, creates a profile, tips a
 * classmate's project without ETH (the treasury relays a signed EIP-3009 transfer), and sends CC on /wallet
 * with "Send without gas". Its own stack: it changes the welcome grant.
 */
import { classCoinAbi } from "@classcoin/contracts";
import { devAccount } from "@classcoin/contracts/dev-accounts";
import type { Project } from "@classcoin/shared/entities";
import { messages } from "@classcoin/shared/messages";
import type { Browser } from "playwright-core";
import { createTestClient, formatUnits, http, parseGwei } from "viem";
import { foundry } from "viem/chains";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signInOverHttp } from "../apps/api/src/security/http-sign-in";
import { adminPost } from "./harness/admin-calls";
import { readAlert } from "./harness/alerts";
import { launchBrowser, screenshot } from "./harness/browser";
import { connectWallet } from "./harness/connect";
import { chainClient, freshWallet } from "./harness/funding";
import { openPage } from "./harness/pages";
import { type E2EStack, startStack } from "./harness/stack";

let stack: E2EStack;
let browser: Browser;

beforeAll(async () => {
  [stack, browser] = await Promise.all([startStack({ WELCOME_ETH: "0" }), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await stack?.stop();
});

async function cc(address: `0x${string}`): Promise<number> {
  const raw = await chainClient(stack).readContract({
    address: stack.tokenAddress,
    abi: classCoinAbi,
    functionName: "balanceOf",
    args: [address],
  });
  return Number(formatUnits(raw, 18));
}
const eth = (address: `0x${string}`) => chainClient(stack).getBalance({ address });

/**
 * A fresh wallet with 0 CC and 0 ETH, added to the roster by the admin (its welcome grant: 10 CC, no ETH
 * here), with a profile it created with its own session.
 */
async function studentWithoutGas(name: string) {
  const { key, address } = freshWallet();
  const wallet = address.toLowerCase() as `0x${string}`;
  expect([await cc(address), await eth(address)]).toEqual([0, 0n]);
  const added = await adminPost(stack, "/api/admin/whitelist/add", { wallet, notes: "no gas" });
  expect(added.status, await added.clone().text()).toBe(200);
  expect((await added.json()).grant).toMatchObject({ cc: 10, eth: "0", state: "paid" });
  expect(await cc(address)).toBe(10);
  const cookie = await signInOverHttp(stack.url, key);
  const form = new FormData();
  for (const [k, v] of Object.entries({ wallet, name, birthday: "2009-04-04", starSign: "Aries" })) {
    form.append(k, v);
  }
  const profile = await fetch(`${stack.url}/api/profiles`, { method: "POST", headers: { cookie }, body: form });
  expect(profile.status, await profile.clone().text()).toBe(201);
  return { key, address };
}

/**
 * A fee spike prices the relayed transfer `first` out (the next block's base fee is far above its cap, about
 * twice the base fee it was sent at, whatever earlier tests left it at); the server's settler signs it again
 * under another hash, and the node keeps only the copy. Returns the copy's hash.
 */
async function resignedInFeeSpike(first: `0x${string}`): Promise<`0x${string}`> {
  const anvil = createTestClient({ mode: "anvil", chain: foundry, transport: http(stack.rpcUrl) });
  const client = chainClient(stack);
  const { baseFeePerGas } = await client.getBlock();
  await anvil.setNextBlockBaseFeePerGas({ baseFeePerGas: (baseFeePerGas ?? 0n) * 20n + parseGwei("200") });
  await anvil.mine({ blocks: 1 });
  const standing = async () =>
    (await (await fetch(`${stack.url}/api/relay/transfers/${first}`)).json()) as { status: string; txHash: string };
  await expect.poll(async () => (await standing()).txHash, { timeout: 40_000 }).not.toBe(first);
  await expect(client.getTransaction({ hash: first })).rejects.toThrow(/could not be found/);
  return (await standing()).txHash as `0x${string}`;
}

async function portraitProject(): Promise<Project> {
  const [target] = ((await (await fetch(`${stack.url}/api/projects/1`)).json()) as Project[]).filter(
    (p) => p.title === "Self portrait in blue",
  );
  if (!target) throw new Error("the demo's project 1 has no 'Self portrait in blue'");
  return target;
}

describe("a student without gas money (issue 14)", () => {
  it("gets the welcome grant, creates a profile, tips a project and sends CC on /wallet without ETH", async () => {
    // The admin adds the student to the roster; the student creates a profile with the granted CC.
    const { key, address } = await studentWithoutGas("Nora Gasless");

    // A tip with no ETH: the wallet signs typed data, the treasury sends it, the tip is recorded.
    const target = await portraitProject();
    const authorBefore = await cc(target.authorWallet as `0x${string}`);
    const {
      page,
      context,
      wallet: testWallet,
    } = await openPage(browser, stack, "/projects?n=1", {
      wallet: { signer: key },
    });
    await connectWallet(page);
    const portrait = page.locator("article", { hasText: "Self portrait in blue" });
    await portrait.getByRole("spinbutton").fill("3");
    const tipStarted = performance.now();
    await portrait.getByRole("button", { name: "Send" }).click();
    expect((await readAlert(page)).text).toBe(messages.catalogue.sendSuccess(3));
    const tipMs = performance.now() - tipStarted;
    expect(await cc(target.authorWallet as `0x${string}`)).toBe(authorBefore + 3);
    expect(await cc(address)).toBe(7);
    expect(await eth(address)).toBe(0n);
    expect(testWallet!.calls).toContain("eth_signTypedData_v4");
    expect(testWallet!.calls).not.toContain("eth_sendTransaction");
    const [recorded] = ((await (await fetch(`${stack.url}/api/projects/1`)).json()) as Project[]).filter(
      (p) => p._id === target._id,
    );
    expect(recorded?.totalReceived).toBe(target.totalReceived + 3);

    // /wallet: the page offers "Send without gas" and it moves the CC.
    await page.goto(`${stack.url}/wallet`);
    await page.getByRole("button", { name: messages.wallet.connectButton }).click();
    await page
      .getByTestId("wallet-balance")
      .filter({ hasText: /^7 CC$/ })
      .waitFor();
    const sendWithoutGas = page.getByRole("button", { name: messages.relay.sendWithoutGas });
    await sendWithoutGas.waitFor();
    await screenshot(page, "wallet-send-without-gas");
    const ben = devAccount(2).address;
    const benBefore = await cc(ben);
    await page.getByLabel("Amount of CC").fill("2");
    await page.getByLabel("Recipient address").fill(ben);
    const sendStarted = performance.now();
    await sendWithoutGas.click();
    await page
      .getByTestId("wallet-balance")
      .filter({ hasText: /^5 CC$/ })
      .waitFor();
    const sendMs = performance.now() - sendStarted;
    expect(await cc(ben)).toBe(benBefore + 2);
    expect(await eth(address)).toBe(0n);
    // The explorer names what the treasury paid for, in the list (before: "System", the purpose only in View).
    await page.goto(`${stack.url}/explorer?wallet=${address.toLowerCase()}&type=system`);
    const grant = page.getByTestId("tx-row").filter({ hasText: "System" }).filter({ hasText: "Welcome grant" });
    // The indexer runs inside the API: the row appears once indexed.
    for (let i = 0; i < 30 && (await grant.count()) === 0; i++) {
      await page.waitForTimeout(500);
      await page.reload();
      await page.getByTestId("tx-row").or(page.getByText("No transactions found")).first().waitFor();
    }
    await grant.waitFor();
    await screenshot(page, "explorer-welcome-grant");
    console.log(
      `gasless in Chromium: tip click → success alert ${tipMs.toFixed(0)} ms; /wallet "Send without gas" click → new balance ${sendMs.toFixed(0)} ms`,
    );
    await context.close();
  });

  it("a gasless tip the treasury signs again in a fee spike, while its page is reloaded, is recorded once mined", async () => {
    const { key, address } = await studentWithoutGas("Omar Spike");
    const target = await portraitProject();
    const authorBefore = await cc(target.authorWallet as `0x${string}`);
    const { page, context } = await openPage(browser, stack, "/projects?n=1", { wallet: { signer: key } });
    await connectWallet(page);
    const portrait = () => page.locator("article", { hasText: "Self portrait in blue" });
    await page.getByTestId("header-balance").filter({ hasText: /CC$/ }).waitFor();
    const anvil = createTestClient({ mode: "anvil", chain: foundry, transport: http(stack.rpcUrl) });
    const client = chainClient(stack);
    await anvil.setAutomine(false);
    try {
      await portrait().getByRole("spinbutton").fill("2");
      await portrait().getByRole("button", { name: "Send" }).click();
      await portrait().getByTestId("tip-pending").waitFor();
      const first = await page.evaluate(
        () =>
          (JSON.parse(localStorage.getItem("classcoin-pending-tips") ?? "[]") as { txHash: `0x${string}` }[])[0]
            ?.txHash,
      );
      if (!first) throw new Error("the page keeps no pending tip");
      const copy = await resignedInFeeSpike(first);
      // The student comes back to the page (reloaded, or opened again later): it knows only the first hash.
      // (The page that sent it saw the transaction before it was replaced, and follows the copy by itself.)
      await page.reload();
      await portrait().waitFor();
      // The card names the transaction the tip is now (before: the first hash, which no node knows any more).
      await portrait().getByTestId("tip-pending").filter({ hasText: copy }).waitFor();
      await anvil.mine({ blocks: 1 });
      expect((await client.getTransactionReceipt({ hash: copy })).status).toBe("success");
    } finally {
      await anvil.setAutomine(true);
    }
    // Before: the reloaded page waited on the first hash, which no node knew any more: never recorded.
    await page.getByRole("alertdialog").waitFor({ timeout: 60_000 });
    expect(await readAlert(page)).toEqual({ title: null, text: messages.catalogue.sendSuccess(2) });
    await portrait()
      .getByTestId("received")
      .filter({ hasText: `${target.totalReceived + 2} CC` })
      .waitFor();
    expect((await portraitProject()).totalReceived).toBe(target.totalReceived + 2);
    expect(await cc(target.authorWallet as `0x${string}`)).toBe(authorBefore + 2);
    expect(await cc(address)).toBe(8);
    await context.close();
  });

  it("/wallet: a transfer sent without gas and signed again in a fee spike, its page reloaded, ends mined", async () => {
    const { key, address } = await studentWithoutGas("Uma Spike");
    const ben = devAccount(2).address;
    const benBefore = await cc(ben);
    const { page, context } = await openPage(browser, stack, "/wallet", { wallet: { signer: key } });
    await page.getByRole("button", { name: messages.wallet.connectButton }).click();
    const balance = (text: RegExp) => page.getByTestId("wallet-balance").filter({ hasText: text });
    await balance(/^10 CC$/).waitFor();
    const pendingNotice = page.getByRole("status").filter({ hasText: "Waiting for transaction" });
    const anvil = createTestClient({ mode: "anvil", chain: foundry, transport: http(stack.rpcUrl) });
    const client = chainClient(stack);
    await anvil.setAutomine(false);
    try {
      await page.getByLabel("Amount of CC").fill("2");
      await page.getByLabel("Recipient address").fill(ben);
      await page.getByRole("button", { name: messages.relay.sendWithoutGas }).click();
      await pendingNotice.waitFor();
      const first = /0x[0-9a-f]{64}/.exec(await pendingNotice.innerText())?.[0] as `0x${string}`;
      const copy = await resignedInFeeSpike(first);
      // The reloaded page knows only the first hash, which no node knows any more.
      await page.reload();
      await page.getByRole("button", { name: messages.wallet.connectButton }).click();
      // It names the transaction the transfer is now (before: the first hash, waited on for 30 minutes).
      await pendingNotice.filter({ hasText: copy }).waitFor({ timeout: 30_000 });
      await anvil.mine({ blocks: 1 });
      expect((await client.getTransactionReceipt({ hash: copy })).status).toBe("success");
    } finally {
      await anvil.setAutomine(true);
    }
    await pendingNotice.waitFor({ state: "detached", timeout: 30_000 });
    await balance(/^8 CC$/).waitFor();
    expect(await page.getByRole("alert").count()).toBe(0);
    expect(await cc(ben)).toBe(benBefore + 2);
    expect(await cc(address)).toBe(8);
    await context.close();
  });
});
