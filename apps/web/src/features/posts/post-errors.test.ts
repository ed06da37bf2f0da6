import type { PublicConfig } from "@classcoin/shared/api-meta";
import { messages } from "@classcoin/shared/messages";
import { describe, expect, it } from "vitest";
import { ApiError, NetworkError } from "../../lib/api-client";
import { NotConnectedError, SignatureError } from "../../wallet/write-errors";
import { postErrorText, voteErrorText } from "./post-errors";

const config = { chainName: "Sepolia" } as PublicConfig;

describe("forum errors read as the spec's catalogue", () => {
  it("post: validation messages joined by commas, else 'Post failed: ', network, else the generic text", () => {
    const invalid = new ApiError(400, "x", [messages.post.profile, messages.post.balance]);
    expect(postErrorText(invalid, config)).toBe(
      "Post validation failed: Create a profile before posting, Need ≥1 ClassCoin to post",
    );
    expect(postErrorText(new ApiError(429, "Too many requests.", undefined), config)).toBe(
      "Post failed: Too many requests.",
    );
    expect(postErrorText(new NetworkError(null), config)).toBe(messages.catalogue.network);
    expect(postErrorText(new SignatureError(null), config)).toBe(messages.catalogue.signature);
    expect(postErrorText(new NotConnectedError(), config)).toBe("Connect wallet first");
    expect(postErrorText(new Error("?"), config)).toBe("Error submitting post. Please try again.");
  });

  it("vote: 'Vote validation failed: ', 'Vote failed: ', connect, else the generic text", () => {
    expect(voteErrorText(new ApiError(400, "x", ["Invalid id"]), config)).toBe("Vote validation failed: Invalid id");
    expect(voteErrorText(new ApiError(404, messages.post.notFound, undefined), config)).toBe(
      "Vote failed: Post not found",
    );
    expect(voteErrorText(new NotConnectedError(), config)).toBe("Connect wallet to vote");
    expect(voteErrorText(new Error("?"), config)).toBe("Voting failed. Please try again.");
  });
});
