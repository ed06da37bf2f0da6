import { PROJECT_NUMBERS } from "@classcoin/shared/constants";
import type { Leaderboard } from "@classcoin/shared/leaderboard";
import { describe, expect, it } from "vitest";
import { projectNumberOf } from "./project-number";

const submission = { _id: "1", title: "Fox", image: "fox.webp", authorWallet: "0xa", authorName: "Ada" };
/** A board whose projects listed in `withSubmissions` each have one submission. */
const board = (withSubmissions: number[]): Leaderboard => ({
  projects: PROJECT_NUMBERS.map((projectNumber) => ({
    projectNumber,
    submissions: withSubmissions.includes(projectNumber)
      ? [{ ...submission, authorPhoto: null, totalReceived: 5, rank: 1 }]
      : [],
  })),
  holders: [],
  tippers: [],
  classTotal: { students: 0, held: 0, tipped: 0, submissions: withSubmissions.length },
});

describe("the project /leaderboard ranks first", () => {
  it("behavior: the URL's project; without one, the first with submissions (before: always Project 1)", () => {
    expect(projectNumberOf(null, board([2, 3]))).toBe(2);
    expect(projectNumberOf("4", board([2, 3]))).toBe(4);
    expect(projectNumberOf("9", board([3]))).toBe(3);
    expect(projectNumberOf(null, board([]))).toBe(1);
  });
});
