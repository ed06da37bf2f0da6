import { messages } from "@classcoin/shared/messages";
import type { WelcomeGrant } from "@classcoin/shared/treasury";
import { describe, expect, it } from "vitest";
import { grantSummary } from "./grant-summary";

const grant = (state: WelcomeGrant["state"], hash: string | null): WelcomeGrant => ({
  wallet: `0x${"1".repeat(40)}`,
  cc: 10,
  eth: "0.01",
  ccTxHash: hash,
  ethTxHash: hash,
  ethSkipped: null,
  state,
});

describe("a welcome grant's line in the admin", () => {
  it("behavior: says sent only of what was sent", () => {
    expect(grantSummary(grant("paid", "0xab"))).toBe("Welcome grant sent: 10 CC and 0.01 ETH for gas.");
    expect(grantSummary(grant("pending", "0xab"))).toBe(
      "Welcome grant of 10 CC and 0.01 ETH for gas sent, not confirmed yet.",
    );
    // Before: "sent, not confirmed yet" for a grant the treasury could not send at all.
    expect(grantSummary(grant("unsent", null))).toBe(
      "Welcome grant of 10 CC and 0.01 ETH for gas not sent yet; add the wallet again to send it (never paid twice).",
    );
    expect(grantSummary(grant("failed", "0xab"))).toMatch(/failed; add the wallet again/);
  });

  it("behavior: ETH skipped for want of it says how to send it; turned off, it says nothing more", () => {
    const skipped = (ethSkipped: string) => ({ ...grant("paid", "0xab"), eth: "0", ethTxHash: null, ethSkipped });
    // Before: "…(no ETH: the treasury has too little native coin)." and nothing on what to do.
    expect(grantSummary(skipped(messages.treasury.welcomeEthSkippedNoFunds))).toBe(
      "Welcome grant sent: 10 CC (no ETH: the treasury has too little native coin). Send the treasury some ETH, then add the wallet again to send its ETH.",
    );
    expect(grantSummary(skipped(messages.treasury.welcomeEthOff))).toBe(
      "Welcome grant sent: 10 CC (no ETH: WELCOME_ETH is 0).",
    );
  });
});
