import { describe, expect, it } from "vitest";
import { balanceMayHaveChanged } from "./balance-events";

const me = "0x70997970c51812dc3a010c7d01b50e0d17dc79c8";
const other = "0x3c44cdddb6a900fa2b585dd299e03d12fa4293bc";
const hash = `0x${"ab".repeat(32)}`;

describe("which live events make the connected wallet read its balance again", () => {
  it("behavior: money paid to this wallet by the treasury (bounty reward, grant, award, a Deploy run)", () => {
    const reward = {
      type: "bounty.completed",
      bountyId: "1",
      wallet: me,
      title: "Logo",
      reward: 50,
      txHash: hash,
    } as const;
    expect(balanceMayHaveChanged(reward, me)).toBe(true);
    expect(balanceMayHaveChanged({ ...reward, wallet: other }, me)).toBe(false);
    expect(balanceMayHaveChanged({ type: "balances", wallets: [me] }, me)).toBe(true);
    expect(balanceMayHaveChanged({ type: "balances", wallets: [other] }, me)).toBe(false);
    // A Deploy ClassCoin run lists no wallets: it paid every student.
    expect(balanceMayHaveChanged({ type: "balances", wallets: [] }, me)).toBe(true);
    expect(balanceMayHaveChanged({ type: "award", wallet: me, amount: 5, note: "", txHash: hash }, me)).toBe(true);
  });

  it("behavior: transfers touching this wallet, not others', and nothing without a wallet", () => {
    const tip = { type: "tip", projectId: "1", projectNumber: 2, amount: 1, totalReceived: 1, txHash: hash } as const;
    expect(balanceMayHaveChanged({ ...tip, fromWallet: other, toWallet: me }, me)).toBe(true);
    expect(balanceMayHaveChanged({ ...tip, fromWallet: other, toWallet: other }, me)).toBe(false);
    expect(balanceMayHaveChanged({ type: "transactions", wallets: [other], count: 1 }, me)).toBe(false);
    expect(balanceMayHaveChanged({ type: "transactions", wallets: null, count: 900 }, me)).toBe(true);
    expect(balanceMayHaveChanged({ type: "balances", wallets: [] }, undefined)).toBe(false);
    expect(balanceMayHaveChanged({ type: "profile.changed", wallet: me }, me)).toBe(false);
  });
});
