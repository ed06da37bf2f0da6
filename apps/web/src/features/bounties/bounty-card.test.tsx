import type { Bounty } from "@classcoin/shared/entities";
import type { ReactElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { BountyCard } from "./bounty-card";

const bounty: Bounty = {
  _id: "1",
  title: "Fix the wiki",
  description: "Links",
  reward: 40,
  status: "active",
  createdAt: "2026-11-01T10:00:00.000Z",
  completedBy: null,
  completedAt: null,
  crossedOut: false,
};
const claimHint = "Contact your instructor to claim this bounty.";
/** As on /bounties: inside the router (a card a link names is landed on, ui/landing.tsx). */
const render = (card: ReactElement) => renderToStaticMarkup(<MemoryRouter>{card}</MemoryRouter>);

describe("a bounty card", () => {
  it("behavior: an active bounty invites a claim", () => {
    expect(render(<BountyCard bounty={bounty} />)).toContain(claimHint);
  });

  it("behavior: one whose reward is being paid says so instead of inviting a claim", () => {
    const paying = render(
      <BountyCard
        bounty={{ ...bounty, completedByWallet: `0x${"a".repeat(40)}`, rewardTxHash: `0x${"b".repeat(64)}` }}
      />,
    );
    // Before: "Contact your instructor to claim this bounty." while the reward was on its way to a student.
    expect(paying).not.toContain(claimHint);
    expect(paying).toContain("Completed: its reward is being paid (transaction 0xbbbb…bbbb)");
    // Not "Active" beside it (the rehearsal's card said both).
    expect(paying).toContain(">Being paid<");
    expect(paying).not.toContain(">Active<");
  });
});
