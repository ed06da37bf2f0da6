import { messages } from "@classcoin/shared/messages";
import { ResourceUnavailableRpcError, UserRejectedRequestError } from "viem";
import { describe, expect, it } from "vitest";
import { connectErrorText } from "./connect-error";

describe("a wallet that did not connect", () => {
  it("behavior: a request refused because the wallet's window is still open says to answer there", () => {
    const pending = Object.assign(new Error("Request of type 'wallet_requestPermissions' already pending"), {
      code: -32002,
    });
    expect(connectErrorText(new ResourceUnavailableRpcError(pending), "MetaMask")).toBe(
      messages.wallet.connectAlreadyOpen("MetaMask"),
    );
    expect(connectErrorText(pending, "MetaMask")).toBe(messages.wallet.connectAlreadyOpen("MetaMask"));
  });

  it("behavior: anything else asks to try again", () => {
    expect(connectErrorText(new UserRejectedRequestError(new Error("no")), "Rabby")).toBe(
      messages.wallet.connectFailed("Rabby"),
    );
    expect(connectErrorText(new Error("boom"), "Rabby")).toBe("Rabby did not connect. Please try again.");
  });
});
