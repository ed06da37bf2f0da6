/** Which project's ranking /leaderboard shows. */
import { PROJECT_NUMBERS } from "@classcoin/shared/constants";
import type { Leaderboard } from "@classcoin/shared/leaderboard";

/**
 * The project in the URL; without one, the first project with submissions (Project 1 is often empty late in
 * a term, or before anyone submitted: the ranking opened on "No submissions" while others had some).
 */
export function projectNumberOf(raw: string | null, board: Leaderboard): number {
  const n = Number(raw);
  if (PROJECT_NUMBERS.includes(n as (typeof PROJECT_NUMBERS)[number])) return n;
  return board.projects.find((p) => p.submissions.length > 0)?.projectNumber ?? PROJECT_NUMBERS[0];
}
