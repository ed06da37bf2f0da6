/**
 * Taking something out of an archive's documents (`POST /api/admin/archives/remove`): a pure function of the
 * archive as stored, so what a removal leaves is testable without a database. The archive stays what the
 * class looked like, less the removed thing, by the live forum's own rules: a comment removed while replies to
 * it are shown stays as a blank placeholder for them, and a reply naming a removed comment names no one. A
 * removed student's submissions, posts and comments go; where others' things mention them (predictions of
 * their submission, a bounty they completed) their name goes and the rest stays. Rankings are ranked again
 * among what is left, and the counts are counted again, so the archive never shows a gap.
 */

import { type Leaderboard, rankByAmount } from "@classcoin/shared/leaderboard";
import { messages } from "@classcoin/shared/messages";
import type {
  Archive,
  ArchivedComment,
  ArchivedPost,
  ArchivedProject,
  ArchiveRemovalKind,
} from "@classcoin/shared/semesters";

/** The parts of an archive a removal rewrites, as stored (the shapes of packages/shared/src/semesters.ts). */
export type ArchiveDocuments = Pick<
  Archive,
  "counts" | "profiles" | "projects" | "posts" | "bounties" | "predictions" | "leaderboard"
>;

type PostComment = ArchivedPost["comments"][number];

const cents = (value: number) => Math.round(value * 100) / 100;

/** The archive without `target`, or null when the archive does not hold it (nothing to change). */
export function removeFromDocuments(
  docs: ArchiveDocuments,
  kind: ArchiveRemovalKind,
  target: string,
): ArchiveDocuments | null {
  switch (kind) {
    case "post": {
      if (!docs.posts.some((p) => p._id === target)) return null;
      return recount(docs, { ...docs, posts: docs.posts.filter((p) => p._id !== target) });
    }
    case "comment": {
      const ids = new Set([target]);
      if (!docs.posts.some((p) => shownComments(p).some((c) => ids.has(c._id)))) return null;
      return recount(docs, { ...docs, posts: withoutComments(docs.posts, (c) => ids.has(c._id)) });
    }
    case "submission": {
      if (!docs.projects.some((p) => p._id === target)) return null;
      return recount(
        docs,
        withoutSubmissions(docs, (p) => p._id === target),
      );
    }
    case "student":
      return withoutStudent(docs, target.toLowerCase());
  }
}

function withoutStudent(docs: ArchiveDocuments, wallet: string): ArchiveDocuments | null {
  const theirs = (w: string) => w.toLowerCase() === wallet;
  const present =
    docs.profiles.some((p) => theirs(p.wallet)) ||
    docs.projects.some((p) => theirs(p.authorWallet)) ||
    docs.posts.some((p) => theirs(p.authorWallet) || shownComments(p).some((c) => theirs(c.authorWallet))) ||
    docs.predictions.some((r) => r.predictions.some((p) => theirs(p.predictorWallet))) ||
    docs.leaderboard.holders.some((s) => theirs(s.wallet)) ||
    docs.leaderboard.tippers.some((s) => theirs(s.wallet)) ||
    docs.bounties.some((b) => b.completedByWallet && theirs(b.completedByWallet));
  if (!present) return null;
  const base = withoutSubmissions(docs, (p) => theirs(p.authorWallet));
  const removedStudent = messages.semester.removedStudent;
  const leaderboard: Leaderboard = {
    ...base.leaderboard,
    holders: rankByAmount(
      base.leaderboard.holders.filter((s) => !theirs(s.wallet)).map(({ rank: _rank, ...s }) => s),
      (s) => s.amount,
    ),
    tippers: rankByAmount(
      base.leaderboard.tippers.filter((s) => !theirs(s.wallet)).map(({ rank: _rank, ...s }) => s),
      (s) => s.amount,
    ),
  };
  leaderboard.classTotal = {
    ...leaderboard.classTotal,
    students: leaderboard.holders.length,
    held: cents(leaderboard.holders.reduce((sum, s) => sum + s.amount, 0)),
    tipped: cents(leaderboard.tippers.reduce((sum, s) => sum + s.amount, 0)),
  };
  return recount(docs, {
    ...base,
    profiles: base.profiles.filter((p) => !theirs(p.wallet)),
    posts: withoutComments(
      base.posts.filter((p) => !theirs(p.authorWallet)),
      (c) => theirs(c.authorWallet),
    ),
    predictions: base.predictions.map((round) => ({
      ...round,
      predictions: round.predictions
        .filter((p) => !theirs(p.predictorWallet))
        .map((p) => (theirs(p.predictedWallet) ? { ...p, predictedWallet: "", predictedName: removedStudent } : p)),
    })),
    bounties: base.bounties.map((b) =>
      b.completedByWallet && theirs(b.completedByWallet)
        ? { ...b, completedBy: removedStudent, completedByWallet: null }
        : b,
    ),
    leaderboard,
  });
}

/** Submissions out of the projects and the leaderboard; predictions of them keep their place, untitled. */
function withoutSubmissions(docs: ArchiveDocuments, removed: (p: ArchivedProject) => boolean): ArchiveDocuments {
  const ids = new Set(docs.projects.filter(removed).map((p) => p._id));
  const projects = docs.leaderboard.projects.map((section) => ({
    ...section,
    submissions: rankByAmount(
      section.submissions.filter((s) => !ids.has(s._id)).map(({ rank: _rank, ...s }) => s),
      (s) => s.totalReceived,
    ),
  }));
  return {
    ...docs,
    projects: docs.projects.filter((p) => !ids.has(p._id)),
    predictions: docs.predictions.map((round) => ({
      ...round,
      predictions: round.predictions.map((p) =>
        ids.has(p.projectId) ? { ...p, predictedTitle: messages.prediction.removedSubmission } : p,
      ),
    })),
    leaderboard: {
      ...docs.leaderboard,
      projects,
      classTotal: {
        ...docs.leaderboard.classTotal,
        submissions: projects.reduce((sum, section) => sum + section.submissions.length, 0),
      },
    },
  };
}

/** Every comment shown with words of its own (placeholders have none). */
function shownComments(post: ArchivedPost): ArchivedComment[] {
  return post.comments.flatMap((c) => [...(c.removed ? [] : [c]), ...c.replies]);
}

function placeholder(comment: PostComment): PostComment {
  return {
    ...comment,
    authorWallet: "",
    authorName: "",
    authorPhoto: null,
    text: "",
    upvotes: 0,
    downvotes: 0,
    removed: "hidden",
  };
}

/** The forum without the comments `removed` picks, by the live forum's placeholder rule. */
function withoutComments(posts: ArchivedPost[], removed: (c: ArchivedComment) => boolean): ArchivedPost[] {
  const gone = new Set<string>();
  const result = posts.map((post) => {
    const comments: PostComment[] = [];
    for (const comment of post.comments) {
      const replies = comment.replies.filter((r) => {
        if (!removed(r)) return true;
        gone.add(r._id);
        return false;
      });
      const removedHere = !comment.removed && removed(comment);
      if (removedHere) gone.add(comment._id);
      // A placeholder stays only while it still has replies to hold.
      if ((removedHere || comment.removed) && replies.length === 0) continue;
      comments.push(removedHere ? placeholder({ ...comment, replies }) : { ...comment, replies });
    }
    return { ...post, comments };
  });
  if (gone.size === 0) return result;
  const unnamed = (c: ArchivedComment): ArchivedComment =>
    c.replyTo && gone.has(c.replyTo._id) ? { ...c, replyTo: { ...c.replyTo, authorName: "" } } : c;
  return result.map((post) => ({
    ...post,
    comments: post.comments.map((c) => ({ ...unnamed(c), replies: c.replies.map(unnamed) })),
  }));
}

function recount(before: ArchiveDocuments, after: ArchiveDocuments): ArchiveDocuments {
  const predictions = (docs: ArchiveDocuments) => docs.predictions.reduce((n, r) => n + r.predictions.length, 0);
  return {
    ...after,
    counts: {
      ...before.counts,
      profiles: after.profiles.length,
      photos: after.profiles.filter((p) => p.photo !== null).length,
      projectSubmissions: after.projects.length,
      projectImages: new Set(after.projects.map((p) => p.image)).size,
      posts: after.posts.length,
      comments: after.posts.reduce((n, p) => n + shownComments(p).length, 0),
      // Withheld rounds' predictions are counted but not in the archive: only those removed come off.
      predictions: Math.max(0, before.counts.predictions - (predictions(before) - predictions(after))),
    },
  };
}
