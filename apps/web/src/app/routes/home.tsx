/** Composes the home page from the posts' and the bounties' own panels (features do not import each other). */
import { OpenBounties } from "../../features/bounties/open-bounties";
import { HomePage } from "../../features/home/home-page";
import { usePosts } from "../../features/posts/api/get-posts";
import { LatestPosts } from "../../features/posts/latest-posts";
import { useWallet } from "../../wallet/use-wallet";

export function HomeRoute() {
  const { wallet } = useWallet();
  // Among the newest posts (the forum's first page, which the home panel shows anyway).
  const { posts } = usePosts();
  const hasPosted = wallet !== undefined && (posts ?? []).some((p) => p.authorWallet.toLowerCase() === wallet);
  return (
    <HomePage latestPosts={<LatestPosts limit={5} />} openBounties={<OpenBounties limit={4} />} hasPosted={hasPosted} />
  );
}
