/** The shared rules of issue 18's features as both sides run them: ranking, threading, the forms' checks. */
import { describe, expect, it } from "vitest";
import { type Comment, threadComments, validateCommentInput } from "./comments";
import { validateFeedInput } from "./feed";
import { rankByAmount } from "./leaderboard";
import { messages } from "./messages";

describe("rankByAmount", () => {
  it("ranks highest first; equal amounts share a rank and the next rank skips (1, 2, 2, 4)", () => {
    const ranked = rankByAmount(
      [
        { n: "a", v: 5 },
        { n: "b", v: 12 },
        { n: "c", v: 5 },
        { n: "d", v: 1 },
      ],
      (x) => x.v,
    );
    expect(ranked.map((r) => [r.n, r.rank])).toEqual([
      ["b", 1],
      ["a", 2],
      ["c", 2],
      ["d", 4],
    ]);
  });
});

describe("threadComments", () => {
  const c = (id: string, parent: string | null): Comment => ({
    _id: id,
    postId: "1",
    parentCommentId: parent,
    replyTo: null,
    authorWallet: "0x",
    authorName: "x",
    authorPhoto: null,
    text: id,
    createdAt: "",
    upvotes: 0,
    downvotes: 0,
    votes: {},
    hidden: false,
    deleted: false,
  });

  it("groups replies under their comment, both oldest first", () => {
    const threads = threadComments([c("1", null), c("2", "1"), c("3", null), c("4", "1"), c("5", "3")]);
    expect(threads.map((t) => [t.comment._id, t.replies.map((r) => r._id)])).toEqual([
      ["1", ["2", "4"]],
      ["3", ["5"]],
    ]);
  });
});

describe("the forms' checks", () => {
  it("a comment needs a wallet, a profile and 1–1000 characters (emoji count once)", () => {
    expect(validateCommentInput({ connected: false, hasProfile: false, text: "" })).toEqual([messages.comment.connect]);
    expect(validateCommentInput({ connected: true, hasProfile: false, text: " " })).toEqual([
      messages.comment.profile,
      messages.comment.empty,
    ]);
    expect(validateCommentInput({ connected: true, hasProfile: true, text: "😀".repeat(1000) })).toEqual([]);
    expect(validateCommentInput({ connected: true, hasProfile: true, text: "😀".repeat(1001) })).toEqual([
      messages.comment.tooLong,
    ]);
  });

  it("a Feed post needs 1–4 images of the photo types and sizes, and at most 500 characters", () => {
    const png = { type: "image/png", size: 1000 };
    const base = { connected: true, hasProfile: true, text: "" };
    expect(validateFeedInput({ ...base, files: [] })).toEqual([messages.feed.images]);
    expect(validateFeedInput({ ...base, files: [png, png, png, png] })).toEqual([]);
    expect(validateFeedInput({ ...base, files: [png, png, png, png, png] })).toEqual([messages.feed.tooManyImages]);
    expect(validateFeedInput({ ...base, files: [{ type: "text/plain", size: 1 }] })).toEqual([messages.photo.notImage]);
    expect(validateFeedInput({ ...base, files: [{ type: "image/bmp", size: 1 }] })).toEqual([messages.photo.badType]);
    expect(validateFeedInput({ ...base, files: [{ type: "image/png", size: 6_000_000 }] })).toEqual([
      messages.photo.tooLarge,
    ]);
    expect(validateFeedInput({ ...base, text: "x".repeat(501), files: [png] })).toEqual([messages.feed.textTooLong]);
  });
});
