/**
 * The leaderboard (issue 18, /leaderboard): per project the submissions ranked by CC received, the students
 * ranked by CC held on chain and by CC tipped to others, and the class's totals. Students are the active
 * profiles except the admin's; archived profiles and archived submissions are left out.
 */
import { z } from "zod";
import { PROJECT_NUMBERS } from "./constants";

/** `rank` is competition ranking: equal amounts share a rank, the next rank skips (1, 2, 2, 4). */
export const leaderboardStudentSchema = z.object({
  rank: z.number().int().positive(),
  wallet: z.string(),
  name: z.string(),
  photo: z.string().nullable(),
  amount: z.number(),
});
export type LeaderboardStudent = z.infer<typeof leaderboardStudentSchema>;

export const leaderboardSubmissionSchema = z.object({
  rank: z.number().int().positive(),
  _id: z.string(),
  title: z.string(),
  image: z.string(),
  authorWallet: z.string(),
  authorName: z.string(),
  authorPhoto: z.string().nullable(),
  totalReceived: z.number(),
});
export type LeaderboardSubmission = z.infer<typeof leaderboardSubmissionSchema>;

export const leaderboardSchema = z.object({
  projects: z.array(
    z.object({
      projectNumber: z.number().int().min(1).max(PROJECT_NUMBERS.length),
      submissions: z.array(leaderboardSubmissionSchema),
    }),
  ),
  /** By CC held on chain (balanceOf), highest first. */
  holders: z.array(leaderboardStudentSchema),
  /** By CC tipped to other students' projects, highest first. */
  tippers: z.array(leaderboardStudentSchema),
  classTotal: z.object({
    students: z.number().int().nonnegative(),
    /** CC the students hold on chain together. */
    held: z.number(),
    /** CC the students have tipped to each other's projects. */
    tipped: z.number(),
    submissions: z.number().int().nonnegative(),
  }),
});
export type Leaderboard = z.infer<typeof leaderboardSchema>;

/** Ranks amounts highest first with competition ranking (ties share a rank); ties keep their given order. */
export function rankByAmount<T>(items: readonly T[], amountOf: (item: T) => number): (T & { rank: number })[] {
  const sorted = [...items].sort((a, b) => amountOf(b) - amountOf(a));
  let rank = 0;
  return sorted.map((item, i) => {
    if (i === 0 || amountOf(item) !== amountOf(sorted[i - 1]!)) rank = i + 1;
    return { ...item, rank };
  });
}
