/**
 * Subscribes the whole app to live updates once (lib/live-events.ts) and applies each event to the
 * TanStack Query caches: vote counts and tip totals are patched in place, other changes make the affected
 * lists read again (a burst of events is one read per list). The connected wallet's balance is read again
 * when a transfer touches it. Admin lists are read again only when read with the admin's session (a signed
 * read would ask the wallet for a signature): the bounties' list follows rewards settled in the background.
 */
import type { Post, Project } from "@classcoin/shared/entities";
import type { LiveEvent } from "@classcoin/shared/live-events";
import { type QueryClient, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { readAdminListsAgain } from "../lib/admin/admin-call";
import { isPagedList, patchListItems } from "../lib/list-cache";
import { connectLiveEvents } from "../lib/live-events";
import { useCcBalance } from "../wallet/use-cc-balance";
import { useWallet } from "../wallet/use-wallet";

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

export function LiveUpdates() {
  const queryClient = useQueryClient();
  const { wallet } = useWallet();
  const balance = useCcBalance();
  // The stream stays open across account changes; the handlers read the current wallet and balance.
  const current = useRef({ wallet, refreshBalance: balance.refresh });
  current.current = { wallet, refreshBalance: balance.refresh };

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
      switch (event.type) {
        case "post.created":
          return readAgain("posts", "leaderboard");
        case "post.voted":
          patchVotes(queryClient, event);
          return readAgain("leaderboard");
        case "tip":
          patchTip(queryClient, event);
          if (touches(event.fromWallet, event.toWallet)) current.current.refreshBalance();
          return readAgain("explorer", "leaderboard");
        case "transactions":
          if (event.wallets === null || touches(...event.wallets)) current.current.refreshBalance();
          // A reorg can take a tip back: the projects' totals follow the chain too.
          return readAgain("explorer", "projects", "leaderboard");
        case "balances":
          if (touches(...event.wallets)) current.current.refreshBalance();
          return readAgain("leaderboard");
        case "bounty.changed":
        case "bounty.completed":
          readAdminListsAgain(queryClient, "/api/admin/bounties/");
          return readAgain("bounties");
        case "award":
          if (touches(event.wallet)) current.current.refreshBalance();
          return;
        case "profile.changed":
          // Names and photos show on posts and submissions too.
          return readAgain("profiles", "posts", "projects");
        case "project.changed":
          return readAgain("projects");
        case "comment.changed":
          return readAgain("comments", "posts");
        case "moderation":
          if (event.entity === "post") return readAgain("posts");
          if (event.entity === "comment") return readAgain("comments", "posts");
          if (event.entity === "project") return readAgain("projects");
          return readAgain("profiles", "posts", "projects");
        case "notification":
          if (touches(event.wallet)) readAgain("notifications");
          return;
        case "sync":
          current.current.refreshBalance();
          return readAgain(...LIVE_LISTS);
        case "semester.archived":
          return readAgain("archives");
        case "semester.reset":
          // Every class list is empty now, the caller's own profile may be gone, and the archive grew.
          return readAgain(...LIVE_LISTS, "predictions", "feed", "archives");
      }
    };
    const close = connectLiveEvents({
      onEvent,
      onResync: () => {
        readAgain(...LIVE_LISTS);
        current.current.refreshBalance();
      },
    });
    return () => {
      close();
      if (timer) clearTimeout(timer);
    };
  }, [queryClient]);
  return null;
}
