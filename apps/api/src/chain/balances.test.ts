/**
 * The short balance cache is per chain and token. A token address alone is not enough: the same deployer
 * at the same nonce deploys to the same address on every fresh chain, so two chains read in one process
 * (the api tests run their files in one) would answer each other's balances.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AppDeps } from "../deps";
import { createTestApp, type TestApp } from "../testing/app";
import { startTestChain, type TestChain } from "../testing/chain";
import { getBalancesCC } from "./balances";

let chains: TestChain[] = [];
let apps: TestApp[] = [];

beforeAll(async () => {
  chains = [await startTestChain({ ownChain: true }), await startTestChain({ ownChain: true })];
  apps = await Promise.all(chains.map((chain) => createTestApp(chain, "pglite")));
});
afterAll(async () => {
  await Promise.all(apps.map((t) => t.close()));
  await Promise.all(chains.map((chain) => chain.stop()));
});

describe("balances", () => {
  it("behavior: two chains with the token at one address each answer their own balance, back to back", async () => {
    const [first, second] = chains as [TestChain, TestChain];
    expect(second.tokenAddress).toBe(first.tokenAddress);
    expect(second.rpcUrl).not.toBe(first.rpcUrl);
    const wallet = first.account(5).address;
    await first.fund(wallet, 7);
    await second.fund(wallet, 3);
    const read = (t: TestApp) => getBalancesCC(t.app.deps as AppDeps, [wallet]);
    const [onFirst, onSecond] = [await read(apps[0] as TestApp), await read(apps[1] as TestApp)];
    expect(onFirst.get(wallet.toLowerCase())).toBe(7);
    expect(onSecond.get(wallet.toLowerCase())).toBe(3);
  });
});
