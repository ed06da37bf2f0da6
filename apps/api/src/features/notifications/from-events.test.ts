/**
 * Events that cannot cause a notification are passed over before any read: the hook that words notifications
 * runs after every event published (votes, indexed transfers, its own `notification`s) and opens a transaction
 * for those that can. A database that fails on any use shows that nothing was read for them.
 */
import type { LiveEvent } from "@classcoin/shared/live-events";
import { describe, expect, it } from "vitest";
import type { Db } from "../../db/client";
import { mayNotify, notificationsFor } from "./from-events";

const ada = "0x70997970c51812dc3a010c7d01b50e0d17dc79c8";
const ben = "0x3c44cdddb6a900fa2b585dd299e03d12fa4293bc";
const untouchable = new Proxy({} as Db, {
  get() {
    throw new Error("the database was used");
  },
});

const silent: LiveEvent[] = [
  { type: "notification", wallet: ada },
  { type: "notifications.read", wallet: ada },
  { type: "transactions", wallets: [ada], count: 3 },
  { type: "post.created", postId: "1", authorWallet: ada },
  { type: "post.voted", postId: "1", authorWallet: ada, voterWallet: ada, vote: "up", upvotes: 1, downvotes: 0 },
  { type: "comment.changed", postId: "1" },
  { type: "feed.changed", feedPostId: "4", hidden: false },
  { type: "profile.changed", wallet: ada },
];

describe("which events can notify", () => {
  it("passes over events that never notify anyone, without reading anything", async () => {
    for (const event of silent) {
      expect(mayNotify(event), event.type).toBe(false);
      expect(await notificationsFor(untouchable, event)).toEqual([]);
    }
  });

  it("keeps those that can: a vote by another, a comment written, a hidden Feed post, an award", () => {
    const vote = {
      type: "post.voted",
      postId: "1",
      authorWallet: ada,
      voterWallet: ben,
      vote: "up",
      upvotes: 1,
      downvotes: 0,
    } as const;
    expect(mayNotify(vote)).toBe(true);
    expect(mayNotify({ type: "comment.changed", postId: "1", created: { commentId: "2", authorWallet: ben } })).toBe(
      true,
    );
    expect(mayNotify({ type: "feed.changed", feedPostId: "4", hidden: true })).toBe(true);
    expect(mayNotify({ type: "award", wallet: ada, amount: 5, note: "Well done", txHash: "0x01" })).toBe(true);
  });
});
