/**
 * /forum composed from the posts feature and the comments feature (features do not import each other): each
 * post's comments expand in place under it, and a comment written or deleted recounts the post's comments.
 */
import type { Post } from "@classcoin/shared/entities";
import { useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { PostComments } from "../../features/comments/post-comments";
import { getPostsQueryOptions } from "../../features/posts/api/get-posts";
import { PostsPage } from "../../features/posts/posts-page";

export function ForumRoute() {
  const queryClient = useQueryClient();
  const recount = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: getPostsQueryOptions().queryKey }),
    [queryClient],
  );
  const renderComments = useCallback(
    (post: Post, landOnComment: string | null) => (
      <PostComments postId={post._id} onChanged={recount} landOnComment={landOnComment} />
    ),
    [recount],
  );
  return <PostsPage renderComments={renderComments} />;
}
