/**
 * /forum (spec §2, served by the posts feature): connect prompt or user strip, the composer, the posts and votes.
 * `?post=12` (a notification's link, shared/notifications.ts) lands on that post, loading older pages until it
 * is there, with `&comment=34` its comments open on that comment; one no longer shown gets a notice.
 */
import type { Post } from "@classcoin/shared/entities";
import { messages } from "@classcoin/shared/messages";
import { FORUM_COMMENT_PARAM, FORUM_POST_PARAM } from "@classcoin/shared/notifications";
import type { ReactNode } from "react";
import { useSearchParams } from "react-router";
import { idParam, LandingNotice, useFindInPages } from "../../ui/landing";
import { LoadMore } from "../../ui/load-more";
import { UserStrip } from "../../wallet/user-strip";
import { usePosts } from "./api/get-posts";
import { usePostOnForum } from "./api/post-on-forum";
import { PostComposer } from "./post-composer";
import { PostItem } from "./post-item";
import "./posts.css";

/**
 * `renderComments`: the comments shown in place under a post (composed by app/ from the comments feature), with
 * the comment a link lands on.
 */
export function PostsPage({
  renderComments,
}: {
  renderComments?: (post: Post, landOnComment: string | null) => ReactNode;
} = {}) {
  const { posts, isLoading, isError, hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage } =
    usePosts();
  const [params] = useSearchParams();
  const target = idParam(params.get(FORUM_POST_PARAM));
  const targetComment = idParam(params.get(FORUM_COMMENT_PARAM));
  const last = posts?.at(-1);
  const onForum = usePostOnForum(target);
  const { searching, gone } = useFindInPages({
    target,
    ids: posts?.map((p) => p._id),
    // Newest first by id: once the last post loaded is older than the one named, it is not on the forum; nor
    // when the one request asking for it says so (a hidden post below every post shown is not paged towards).
    passed: (last !== undefined && Number(last._id) < Number(target)) || onForum === false,
    hasNextPage,
    isFetchingNextPage,
    isFetchNextPageError,
    fetchNextPage,
  });
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
      {searching && (
        <p className="muted" role="status">
          Finding the post…
        </p>
      )}
      {gone && <LandingNotice>{messages.post.gone}</LandingNotice>}
      <PostComposer />
      <p className="hint">{messages.vote.profileHint}</p>
      {isLoading && <p className="muted">Loading posts...</p>}
      {isError && <p className="form-error">The posts could not be loaded. Please reload the page.</p>}
      {posts && posts.length === 0 && <p className="empty-state">No posts yet. Be the first to write one!</p>}
      <div className="post-list">
        {posts?.map((post) => (
          <PostItem
            key={post._id}
            post={post}
            renderComments={renderComments}
            landing={post._id === target ? { comment: targetComment } : null}
          />
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
