/** The tip box's checks (spec §5 "Send ClassCoin", §9 "Tip: minimum 1, at most the balance"). */
import type { PublicConfig } from "@classcoin/shared/api-meta";
import { messages } from "@classcoin/shared/messages";
import { sendCoinSchema } from "@classcoin/shared/tips";
import { SwitchChainError, UnsupportedProviderMethodError, UserRejectedRequestError } from "viem";
import { describe, expect, it } from "vitest";
import { ConnectorChainMismatchError } from "wagmi";
import { ChainSwitchError, SignatureError } from "../../wallet/write-errors";
import { submitErrorText, tipErrorText, validateTip } from "./tip-errors";

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

describe("a tip the wallet's network stopped", () => {
  const sepolia = { chainName: "Sepolia" } as PublicConfig;
  const anvil = { chainName: "Anvil" } as PublicConfig;
  // What wagmi's switchChain throws, wrapped by usePrepareWrite: the person refused, the wallet does not know
  // the chain (4902), or the wallet has no wallet_switchEthereumChain.
  const refused = new ChainSwitchError(
    new UserRejectedRequestError(Object.assign(new Error("User rejected"), { code: 4001 })),
  );
  const unknownChain = new ChainSwitchError(
    new SwitchChainError(Object.assign(new Error("Unrecognized chain"), { code: 4902 })),
  );
  const noSwitch = new ChainSwitchError(new UnsupportedProviderMethodError(new Error("wallet_switchEthereumChain")));

  it("behavior: a refused or impossible switch says the wallet is on another network, names the class's, and nothing was sent", () => {
    for (const error of [refused, unknownChain, noSwitch]) {
      expect(tipErrorText(error, sepolia)).toBe(messages.send.wrongNetwork("Sepolia"));
    }
    expect(tipErrorText(refused, anvil)).toBe(
      "Your wallet is on another network, so nothing was sent. Switch your wallet to the Anvil network and try again.",
    );
  });

  it("behavior: a wallet that left the chain between the switch and the transfer reads the same", () => {
    const mismatch = new ConnectorChainMismatchError({ connectionChainId: 1, connectorChainId: 11155111 });
    expect(tipErrorText(mismatch, sepolia)).toBe(messages.send.wrongNetwork("Sepolia"));
  });

  it("behavior: the transfer itself declined in the wallet (4001) still shows nothing", () => {
    expect(tipErrorText(new UserRejectedRequestError(new Error("User rejected")), sepolia)).toBeNull();
    expect(tipErrorText({ code: 4001, message: "User rejected the request." }, sepolia)).toBeNull();
  });

  it("behavior: a submission stopped by a refused switch says so too (the spec's text), a declined signature too", () => {
    expect(submitErrorText(refused, sepolia)).toBe(messages.chain.switchPlatform("Sepolia"));
    expect(submitErrorText(new SignatureError(new UserRejectedRequestError(new Error("no"))), sepolia)).toBe(
      messages.catalogue.signature,
    );
    expect(submitErrorText(new UserRejectedRequestError(new Error("no")), sepolia)).toBeNull();
  });
});
