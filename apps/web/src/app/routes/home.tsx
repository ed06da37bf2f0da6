/** Composes the home page from the posts', leaderboard's and bounties' own panels (features do not import each other). */
import { OpenBounties } from "../../features/bounties/open-bounties";
import { HomePage } from "../../features/home/home-page";
import { useLeaderboard } from "../../features/leaderboard/api/get-leaderboard";
import { usePosts } from "../../features/posts/api/get-posts";
import { LatestPosts } from "../../features/posts/latest-posts";
import { useWallet } from "../../wallet/use-wallet";

export function HomeRoute() {
  const { wallet } = useWallet();
  // Among the newest posts (the forum's first page, which the home panel shows anyway).
  const { posts } = usePosts();
  // "Join in" names a submission and a tip too: the leaderboard lists every submission's author and every
  // tipper, in one cached read.
  // A visitor has no checklist to tick: the leaderboard (balances read on chain when not cached) is not asked.
  const { data: leaderboard } = useLeaderboard({ enabled: wallet !== undefined });
  const joinedIn =
    wallet !== undefined &&
    ((posts ?? []).some((p) => p.authorWallet.toLowerCase() === wallet) ||
      (leaderboard?.projects ?? []).some((p) => p.submissions.some((s) => s.authorWallet.toLowerCase() === wallet)) ||
      (leaderboard?.tippers ?? []).some((t) => t.wallet.toLowerCase() === wallet && t.amount > 0));
  return (
    <HomePage latestPosts={<LatestPosts limit={5} />} openBounties={<OpenBounties limit={4} />} joinedIn={joinedIn} />
  );
}
