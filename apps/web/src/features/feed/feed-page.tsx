/**
 * /feed (issue 18): an anonymous image feed for critique. Students with a profile post up to 4 images with
 * optional text; everyone sees the posts without their authors; a student sees their own marked. Older posts
 * load page by page.
 */
import { useAccountProfile } from "../../wallet/get-account-profile";
import { useWallet } from "../../wallet/use-wallet";
import { UserStrip } from "../../wallet/user-strip";
import { useFeed } from "./api/get-feed";
import { FeedCard } from "./feed-card";
import { FeedComposer } from "./feed-composer";
import { feedEmptyText } from "./feed-empty";
import "./feed.css";

export function FeedPage() {
  const { data, isLoading, isError, fetchNextPage, hasNextPage, isFetchingNextPage } = useFeed();
  const posts = data?.pages.flatMap((page) => page.posts) ?? [];
  // As the composer decides: a connected wallet with an active profile can post.
  const { wallet } = useWallet();
  const { profile } = useAccountProfile();
  const canPost = Boolean(wallet && profile && !profile.archived);
  return (
    <section className="page feed-page">
      <h1>The Feed</h1>
      <p className="muted">Share work in progress anonymously and get honest critique from the class.</p>
      <UserStrip prompt="Connect your wallet to post. Anyone can look at the Feed." />
      <FeedComposer />
      {isLoading && <p className="muted">Loading the Feed...</p>}
      {isError && <p className="form-error">The Feed could not be loaded. Please reload the page.</p>}
      {data && posts.length === 0 && <p className="empty-state">{feedEmptyText(canPost)}</p>}
      <div className="feed-list">
        {posts.map((post) => (
          <FeedCard key={post._id} post={post} />
        ))}
      </div>
      {hasNextPage && (
        <div className="feed-more">
          <button
            type="button"
            className="button secondary"
            disabled={isFetchingNextPage}
            onClick={() => void fetchNextPage()}
          >
            {isFetchingNextPage ? "Loading…" : "Load older posts"}
          </button>
        </div>
      )}
    </section>
  );
}
