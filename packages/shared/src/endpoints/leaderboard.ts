/** The leaderboard (issue 18), shown at /leaderboard. */
import { defineEndpoint } from "../endpoint";
import { leaderboardSchema } from "../leaderboard";

export const leaderboardEndpoints = {
  get: defineEndpoint({
    method: "GET",
    path: "/api/leaderboard",
    access: "public-read",
    cache: ["leaderboard"],
    tag: "leaderboard",
    summary: "Submissions by CC received per project, students by CC held (on chain) and tipped, class totals",
    response: leaderboardSchema,
    errorStatuses: [503],
  }),
} as const;
