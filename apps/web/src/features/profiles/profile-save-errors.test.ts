import type { PublicConfig } from "@classcoin/shared/api-meta";
import { messages } from "@classcoin/shared/messages";
import { describe, expect, it } from "vitest";
import { ApiError, NetworkError } from "../../lib/api-client";
import { ChainSwitchError, SignatureError } from "../../wallet/write-errors";
import { profileSaveErrorAlert } from "./profile-save-errors";

const config = { chainName: "Sepolia" } as PublicConfig;

describe("profile save errors read as the spec's catalogue", () => {
  it("a body with errors: 'Profile validation failed:' then one message per line", () => {
    const error = new ApiError(400, "x; y", [messages.profile.name, messages.profile.balance]);
    expect(profileSaveErrorAlert(error, config)).toEqual({
      text: `Profile validation failed:\n${messages.profile.name}\n${messages.profile.balance}`,
    });
  });

  it("a 403 naming the whitelist: titled Profile Creation Restricted", () => {
    const error = new ApiError(403, messages.profile.whitelist, undefined);
    expect(profileSaveErrorAlert(error, config)).toEqual({
      title: "Profile Creation Restricted",
      text: messages.profile.whitelist,
    });
  });

  it("any other answer: 'Profile save error: ' and the error", () => {
    const error = new ApiError(409, messages.profile.exists, undefined);
    expect(profileSaveErrorAlert(error, config).text).toBe(`Profile save error: ${messages.profile.exists}`);
    expect(profileSaveErrorAlert(new ApiError(403, "Not yours", undefined), config).text).toBe(
      "Profile save error: Not yours",
    );
  });

  it("network, signature, chain switch and anything else", () => {
    expect(profileSaveErrorAlert(new NetworkError(new TypeError("fetch")), config).text).toBe(
      "Network error. Please check your internet connection and try again.",
    );
    expect(profileSaveErrorAlert(new SignatureError(new Error("4001")), config).text).toBe(
      "Signature error. Please make sure your wallet is connected and try again.",
    );
    expect(profileSaveErrorAlert(new ChainSwitchError(new Error("4001")), config).text).toBe(
      "Please switch to Sepolia network in MetaMask",
    );
    expect(profileSaveErrorAlert(new Error("boom"), config).text).toBe(
      "An unexpected error occurred. Please try again.",
    );
  });
});
