import { type Anvil, startAnvil } from "@classcoin/contracts/anvil";
import { devAccounts } from "@classcoin/contracts/dev-accounts";
import { createPublicClient, createWalletClient, custom, http, parseEther, recoverMessageAddress, toHex } from "viem";
import { foundry } from "viem/chains";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDevWalletProvider, DEV_WALLET_STORAGE_KEY, ProviderRpcError } from "./dev-wallet-provider";

let anvil: Anvil;
const addresses = devAccounts.map((a) => a.address);

beforeAll(async () => {
  anvil = await startAnvil();
});
afterAll(async () => {
  await anvil?.stop();
  Reflect.deleteProperty(globalThis, "localStorage");
});

const make = (initialAccount?: string) =>
  createDevWalletProvider({ rpcUrl: anvil.rpcUrl, chainId: foundry.id, accounts: addresses, initialAccount });

describe("the Dev wallet acts as anvil's unlocked dev accounts", () => {
  it("is not connected until asked, then answers the chosen account and the local chain", async () => {
    const wallet = make(addresses[3]);
    expect(await wallet.request({ method: "eth_accounts" })).toEqual([]);
    expect(await wallet.request({ method: "eth_requestAccounts" })).toEqual([addresses[3]]);
    expect(await wallet.request({ method: "eth_accounts" })).toEqual([addresses[3]]);
    expect(await wallet.request({ method: "eth_chainId" })).toBe("0x7a69");
    expect(await wallet.request({ method: "wallet_switchEthereumChain", params: [{ chainId: "0x7a69" }] })).toBe(null);
  });

  it("refuses to switch to another chain with code 4902", async () => {
    const error = await make()
      .request({ method: "wallet_switchEthereumChain", params: [{ chainId: "0xaa36a7" }] })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProviderRpcError);
    expect((error as ProviderRpcError).code).toBe(4902);
  });

  it("signs messages as the selected account through anvil (personal_sign)", async () => {
    const wallet = make(addresses[2]);
    await wallet.request({ method: "eth_requestAccounts" });
    const signature = (await wallet.request({
      method: "personal_sign",
      params: [toHex("hello ClassCoin"), addresses[2]],
    })) as `0x${string}`;
    expect(await recoverMessageAddress({ message: "hello ClassCoin", signature })).toBe(addresses[2]);
  });

  it("sends real transactions through a viem wallet client and reads through it", async () => {
    const wallet = make(addresses[4]);
    const [account] = (await wallet.request({ method: "eth_requestAccounts" })) as [`0x${string}`];
    const client = createWalletClient({ account, chain: foundry, transport: custom(wallet) });
    const reader = createPublicClient({ chain: foundry, transport: http(anvil.rpcUrl) });
    const to = addresses[5]!;
    const before = await reader.getBalance({ address: to });
    const hash = await client.sendTransaction({ to, value: parseEther("0.5") });
    const receipt = await reader.waitForTransactionReceipt({ hash });
    expect(receipt.from.toLowerCase()).toBe(addresses[4]!.toLowerCase());
    expect((await reader.getBalance({ address: to })) - before).toBe(parseEther("0.5"));
  });

  it("surfaces the node's JSON-RPC errors with their code", async () => {
    const error = await make()
      .request({ method: "eth_noSuchMethod", params: [] })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProviderRpcError);
    expect(typeof (error as ProviderRpcError).code).toBe("number");
  });

  it("emits accountsChanged on selectAccount and disconnect, and remembers the account for a reload", async () => {
    const store = new Map<string, string>();
    Object.assign(globalThis, {
      localStorage: {
        getItem: (k: string) => store.get(k) ?? null,
        setItem: (k: string, v: string) => void store.set(k, v),
        removeItem: (k: string) => void store.delete(k),
      },
    });
    const wallet = make();
    const seen: unknown[] = [];
    const listener = (accounts: unknown) => seen.push(accounts);
    wallet.on("accountsChanged", listener);
    wallet.selectAccount(addresses[6]!.toLowerCase());
    expect(seen).toEqual([[addresses[6]]]);
    expect(store.get(DEV_WALLET_STORAGE_KEY)).toBe(addresses[6]);

    const reloaded = make();
    expect(await reloaded.request({ method: "eth_accounts" })).toEqual([addresses[6]]);

    wallet.disconnect();
    expect(seen).toEqual([[addresses[6]], []]);
    expect(store.has(DEV_WALLET_STORAGE_KEY)).toBe(false);
    wallet.removeListener("accountsChanged", listener);
    wallet.selectAccount(addresses[1]!);
    expect(seen).toHaveLength(2);
    expect(() => wallet.selectAccount("0x0000000000000000000000000000000000000001")).toThrow(/not one of/);
  });
});
