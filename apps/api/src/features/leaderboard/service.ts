/**
 * The leaderboard (issue 18): per project the active submissions of active profiles ranked by CC received,
 * the students (active profiles except the admin's) ranked by CC held on chain and by CC tipped to others,
 * and the class's totals. Balances are read from the chain (chain/balances.ts), never from the database.
 */
import { PROJECT_NUMBERS } from "@classcoin/shared/constants";
import { type Leaderboard, rankByAmount } from "@classcoin/shared/leaderboard";
import { and, asc, desc, eq, ne, sql } from "drizzle-orm";
import { getBalancesCC } from "../../chain/balances";
import type { Db, Tx } from "../../db/client";
import { profiles, projects, tips } from "../../db/schema";
import type { AppDeps } from "../../deps";

/** Sums of CC are shown to the cent; floating sums of many tips must not show 0.30000000000000004. */
const cents = (value: number) => Math.round(value * 100) / 100;

function studentsOf(deps: AppDeps, db: Db | Tx) {
  const admin = deps.config.adminWallet.toLowerCase();
  return db
    .select({ wallet: profiles.wallet, name: profiles.name, photo: profiles.photo })
    .from(profiles)
    .where(and(eq(profiles.archived, false), ne(profiles.wallet, admin)))
    .orderBy(asc(profiles.name), asc(profiles.id));
}

/**
 * The students' balances, read on chain ahead of a transaction that builds the leaderboard inside it (a
 * semester's archive): a chain read does not belong under the class's locks.
 */
export async function studentBalances(deps: AppDeps): Promise<Map<string, number>> {
  const students = await studentsOf(deps, deps.database.db);
  return getBalancesCC(
    deps,
    students.map((s) => s.wallet),
  );
}

/**
 * `within`: built inside a transaction (`db`), from balances read before it; a student who joined in between is
 * read from the chain then. The archive's leaderboard is built there, so it counts the same tips as the
 * archive's projects: built before, it missed a tip recorded between the two, which the projects then showed.
 */
export async function getLeaderboard(
  deps: AppDeps,
  within?: { db: Tx; balances: Map<string, number> },
): Promise<Leaderboard> {
  const db = within?.db ?? deps.database.db;
  const admin = deps.config.adminWallet.toLowerCase();
  const students = await studentsOf(deps, db);
  const known = within?.balances;

  const [submissions, tipped, balances] = await Promise.all([
    db
      .select({
        id: projects.id,
        projectNumber: projects.projectNumber,
        title: projects.title,
        image: projects.image,
        authorWallet: projects.authorWallet,
        authorName: profiles.name,
        authorPhoto: profiles.photo,
        totalReceived: projects.totalReceived,
      })
      .from(projects)
      .innerJoin(profiles, eq(profiles.wallet, projects.authorWallet))
      .where(and(eq(projects.archived, false), eq(profiles.archived, false), ne(projects.authorWallet, admin)))
      .orderBy(desc(projects.totalReceived), asc(projects.createdAt), asc(projects.id)),
    db
      .select({ wallet: tips.fromWallet, amount: sql<number>`sum(${tips.amount})::float8` })
      .from(tips)
      .where(ne(tips.fromWallet, tips.toWallet))
      .groupBy(tips.fromWallet),
    getBalancesCC(
      deps,
      students.map((s) => s.wallet).filter((wallet) => !known?.has(wallet)),
    ).then((read) => new Map([...(known ?? []), ...read])),
  ]);

  const tippedBy = new Map(tipped.map((t) => [t.wallet, Number(t.amount)]));
  const holders = rankByAmount(
    students.map((s) => ({ ...s, amount: cents(balances.get(s.wallet) ?? 0) })),
    (s) => s.amount,
  );
  // Only those who tipped: a student who tipped nothing is not ranked (all of a new class tied first at 0 CC).
  const tippers = rankByAmount(
    students.map((s) => ({ ...s, amount: cents(tippedBy.get(s.wallet) ?? 0) })).filter((s) => s.amount > 0),
    (s) => s.amount,
  );

  return {
    projects: PROJECT_NUMBERS.map((projectNumber) => ({
      projectNumber,
      submissions: rankByAmount(
        submissions
          .filter((p) => p.projectNumber === projectNumber)
          .map((p) => ({
            _id: String(p.id),
            title: p.title,
            image: p.image,
            authorWallet: p.authorWallet,
            authorName: p.authorName,
            authorPhoto: p.authorPhoto,
            totalReceived: cents(p.totalReceived),
          })),
        (p) => p.totalReceived,
      ),
    })),
    holders,
    tippers,
    classTotal: {
      students: students.length,
      held: cents(holders.reduce((sum, s) => sum + s.amount, 0)),
      tipped: cents(tippers.reduce((sum, s) => sum + s.amount, 0)),
      submissions: submissions.length,
    },
  };
}
