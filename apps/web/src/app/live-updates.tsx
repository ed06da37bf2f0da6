/**
 * Subscribes the whole app to live updates once (lib/live-events.ts) and applies each event to the
 * TanStack Query caches: vote counts and tip totals are patched in place, other changes make the affected
 * lists read again (a burst of events is one read per list). The connected wallet's balance is read again
 * when a transfer touches it. Admin lists are read again only when read with the admin's session (a signed
 * read would ask the wallet for a signature): the bounties' list follows rewards settled in the background,
 * the predictions' and the Feed's follow their rounds and posts, and the posts', comments', profiles' and
 * submissions' lists and the counts follow what students write, so the admin can moderate it at once.
 *
 * The server sends a wallet's own events (its notifications) only to streams opened with its session, so the
 * stream is opened again when the session changes (a sign-in or sign-out).
 */
import type { Post, Project } from "@classcoin/shared/entities";
import type { LiveEvent } from "@classcoin/shared/live-events";
import { type QueryClient, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { rememberAwardSent } from "../features/awards/api/award-sent";
import { readAdminListsAgain } from "../lib/admin/admin-call";
import { isPagedList, patchListItems } from "../lib/list-cache";
import { connectLiveEvents, type LiveEventStream } from "../lib/live-events";
import { sessionQueryOptions } from "../wallet/session";
import { useCcBalance } from "../wallet/use-cc-balance";
import { useWallet } from "../wallet/use-wallet";
import { balanceMayHaveChanged } from "./balance-events";

/** Every list a page shows from the API (first query-key parts), read again on a resync. */
const LIVE_LISTS = [
  "posts",
  "comments",
  "profiles",
  "projects",
  "bounties",
  "explorer",
  "leaderboard",
  "notifications",
  "predictions",
  "feed",
];
const COALESCE_MS = 150;

function patchVotes(queryClient: QueryClient, event: Extract<LiveEvent, { type: "post.voted" }>): void {
  patchListItems<Post>(queryClient, ["posts"], (post) =>
    post._id === event.postId
      ? {
          ...post,
          upvotes: event.upvotes,
          downvotes: event.downvotes,
          votes: { ...post.votes, [event.voterWallet]: event.vote },
        }
      : post,
  );
}

function patchTip(queryClient: QueryClient, event: Extract<LiveEvent, { type: "tip" }>): void {
  const patch = (project: Project) =>
    project._id === event.projectId ? { ...project, totalReceived: event.totalReceived } : project;
  queryClient.setQueriesData<unknown>({ queryKey: ["projects"] }, (data: unknown) => {
    if (Array.isArray(data)) return (data as Project[]).map(patch);
    if (data && typeof data === "object" && "_id" in data) return patch(data as Project);
    if (isPagedList<Project>(data)) {
      return { ...data, pages: data.pages.map((page) => ({ ...page, items: page.items.map(patch) })) };
    }
    return data;
  });
}

/** The admin's counts (the dashboard, and what a semester's archive would capture) follow new content too. */
function readAdminCountsAgain(queryClient: QueryClient): void {
  readAdminListsAgain(queryClient, "/api/admin/dashboard/");
  readAdminListsAgain(queryClient, "/api/admin/semesters/preview/");
}

export function LiveUpdates() {
  const queryClient = useQueryClient();
  const { wallet } = useWallet();
  const balance = useCcBalance();
  // The stream stays open across account changes; the handlers read the current wallet and balance.
  const current = useRef({ wallet, refreshBalance: balance.refresh });
  current.current = { wallet, refreshBalance: balance.refresh };
  const stream = useRef<LiveEventStream | null>(null);
  const session = useQuery({ ...sessionQueryOptions(), enabled: wallet !== undefined }).data;
  /** The session the open stream was opened with, as far as the page knows (undefined: not known yet). */
  const streamSession = useRef<string | null | undefined>(undefined);

  useEffect(() => {
    if (session === undefined) return;
    const before = streamSession.current;
    streamSession.current = session;
    // The first session the page learns is the cookie the stream was opened with.
    if (before !== undefined && before !== session) stream.current?.reopen();
  }, [session]);

  useEffect(() => {
    const stale = new Set<string>();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const flush = () => {
      timer = undefined;
      for (const key of stale) void queryClient.invalidateQueries({ queryKey: [key] });
      stale.clear();
    };
    const readAgain = (...keys: string[]) => {
      for (const key of keys) stale.add(key);
      timer ??= setTimeout(flush, COALESCE_MS);
    };
    const touches = (...wallets: (string | null)[]) =>
      current.current.wallet !== undefined && wallets.includes(current.current.wallet);

    const onEvent = (event: LiveEvent) => {
      if (balanceMayHaveChanged(event, current.current.wallet)) current.current.refreshBalance();
      switch (event.type) {
        case "post.created":
          readAdminListsAgain(queryClient, "/api/admin/posts/");
          readAdminCountsAgain(queryClient);
          return readAgain("posts", "leaderboard");
        case "post.voted":
          patchVotes(queryClient, event);
          return readAgain("leaderboard");
        case "tip":
          patchTip(queryClient, event);
          // A round ranks its candidates, and a closed one names its winners, by CC received.
          readAdminListsAgain(queryClient, "/api/admin/predictions/");
          return readAgain("explorer", "leaderboard", "predictions");
        case "transactions":
          // A reorg can take a tip back: the projects' totals follow the chain too.
          return readAgain("explorer", "projects", "leaderboard", "predictions");
        case "balances":
          return readAgain("leaderboard");
        case "bounty.completed":
        case "bounty.changed":
          readAdminListsAgain(queryClient, "/api/admin/bounties/");
          return readAgain("bounties");
        case "award":
          return;
        case "award.sent":
          return rememberAwardSent(queryClient, event);
        case "profile.changed":
          readAdminListsAgain(queryClient, "/api/admin/profiles/");
          readAdminCountsAgain(queryClient);
          // Names and photos show on posts, submissions, predictions, the leaderboard, the explorer's rows and
          // notifications (read with the actor's current profile) too; a new profile is a new student on the
          // leaderboard.
          return readAgain("profiles", "posts", "projects", "predictions", "leaderboard", "explorer", "notifications");
        case "project.changed":
          // A new submission is a new candidate to predict and a new row on the leaderboard.
          readAdminListsAgain(queryClient, "/api/admin/predictions/");
          readAdminListsAgain(queryClient, "/api/admin/projects/");
          readAdminCountsAgain(queryClient);
          return readAgain("projects", "predictions", "leaderboard");
        case "comment.changed":
          readAdminListsAgain(queryClient, "/api/admin/comments/");
          readAdminCountsAgain(queryClient);
          return readAgain("comments", "posts");
        case "moderation":
          if (event.entity === "post") return readAgain("posts");
          if (event.entity === "comment") return readAgain("comments", "posts");
          // Archived submissions and profiles leave the predictions' candidates and the leaderboard.
          readAdminListsAgain(queryClient, "/api/admin/predictions/");
          if (event.entity === "project") return readAgain("projects", "predictions", "leaderboard");
          return readAgain("profiles", "posts", "projects", "predictions", "leaderboard");
        case "notification":
        case "notifications.read":
          if (touches(event.wallet)) readAgain("notifications");
          return;
        case "prediction.changed":
          readAdminListsAgain(queryClient, "/api/admin/predictions/");
          return readAgain("predictions");
        case "feed.changed":
          readAdminListsAgain(queryClient, "/api/admin/feed/");
          return readAgain("feed");
        case "sync":
          return readAgain(...LIVE_LISTS);
        case "semester.archived":
          return readAgain("archives");
        case "semester.reset":
          // Every class list is empty now, the caller's own profile may be gone, and the archive grew.
          return readAgain(...LIVE_LISTS, "archives");
      }
    };
    const opened = connectLiveEvents({
      onEvent,
      onResync: () => {
        readAgain(...LIVE_LISTS);
        current.current.refreshBalance();
      },
    });
    stream.current = opened;
    return () => {
      opened.close();
      stream.current = null;
      if (timer) clearTimeout(timer);
    };
  }, [queryClient]);
  return null;
}
