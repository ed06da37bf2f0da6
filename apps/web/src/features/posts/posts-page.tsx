/** /forum (spec §2, served by the posts feature): connect prompt or user strip, the composer, the posts and votes. */
import type { Post } from "@classcoin/shared/entities";
import { messages } from "@classcoin/shared/messages";
import type { ReactNode } from "react";
import { LoadMore } from "../../ui/load-more";
import { UserStrip } from "../../wallet/user-strip";
import { usePosts } from "./api/get-posts";
import { PostComposer } from "./post-composer";
import { PostItem } from "./post-item";
import "./posts.css";

/** `renderComments`: the comments shown in place under a post (composed by app/ from the comments feature). */
export function PostsPage({ renderComments }: { renderComments?: (post: Post) => ReactNode } = {}) {
  const { posts, isLoading, isError, hasNextPage, isFetchingNextPage, fetchNextPage } = usePosts();
  return (
    <section className="page">
      <h1>Forum</h1>
      {/* One prompt for a visitor: it carries the spec's "Connect wallet first" (§5 Post), so the composer adds no notice. */}
      <UserStrip
        prompt={
          <>
            <strong>{messages.post.connect}</strong> to post and vote. Anyone can read the forum.
          </>
        }
      />
      <PostComposer />
      <p className="hint">{messages.vote.profileHint}</p>
      {isLoading && <p className="muted">Loading posts...</p>}
      {isError && <p className="form-error">The posts could not be loaded. Please reload the page.</p>}
      {posts && posts.length === 0 && <p className="empty-state">No posts yet. Be the first to write one!</p>}
      <div className="post-list">
        {posts?.map((post) => (
          <PostItem key={post._id} post={post} renderComments={renderComments} />
        ))}
      </div>
      <LoadMore
        hasMore={hasNextPage}
        loading={isFetchingNextPage}
        onLoad={() => void fetchNextPage()}
        noun="posts"
        shown={posts?.length ?? 0}
      />
    </section>
  );
}
