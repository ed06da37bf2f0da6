/** The tip box's checks (spec §5 "Send ClassCoin", §9 "Tip: minimum 1, at most the balance"). */
import { messages } from "@classcoin/shared/messages";
import { sendCoinSchema } from "@classcoin/shared/tips";
import { describe, expect, it } from "vitest";
import { validateTip } from "./tip-errors";

const alice = "0x70997970c51812dc3a010c7d01b50e0d17dc79c8";
const bob = "0x3c44cdddb6a900fa2b585dd299e03d12fa4293bc";
const tip = (amount: string, balance = 10) => validateTip({ amount, balance, fromWallet: alice, toWallet: bob });

describe("a tip's amount", () => {
  it("behavior: 1.5 is a valid tip, like any number from 1 up to the balance", () => {
    expect(tip("1.5")).toBeNull();
    expect(tip("1")).toBeNull();
    expect(tip(" 10 ")).toBeNull();
    expect(tip("9.99")).toBeNull();
  });

  it("behavior: below 1, empty or not a number is 'Please enter a valid amount'; above the balance is refused", () => {
    for (const amount of ["", "0", "0.5", "-2", "abc", "1e3", "1,5"]) expect(tip(amount)).toBe(messages.send.amount);
    expect(tip("10.5")).toBe(messages.send.insufficient);
    expect(validateTip({ amount: "2", balance: 5, fromWallet: alice, toWallet: alice })).toBe(messages.send.self);
  });

  it("behavior: the server's schema takes the same amounts", () => {
    const body = { fromWallet: alice, toWallet: bob, projectId: "1", txHash: `0x${"ab".repeat(32)}` };
    expect(sendCoinSchema.safeParse({ ...body, amount: 1.5 }).success).toBe(true);
    expect(sendCoinSchema.safeParse({ ...body, amount: "1.5" }).success).toBe(true);
    expect(sendCoinSchema.safeParse({ ...body, amount: 0.5 }).success).toBe(false);
  });
});
