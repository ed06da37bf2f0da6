/**
 * A post's comments, expanded in place under it on /forum (app/ puts it in the post's comments slot): each
 * comment with its replies (one level), a reply form under the thread being answered, and the comment form.
 * `onChanged` lets the page recount the post's comments after a write. `landOnComment`: the comment a link
 * named (a notification's), landed on once loaded, or a notice in its place when it is no longer there.
 */
import { threadComments } from "@classcoin/shared/comments";
import { messages } from "@classcoin/shared/messages";
import { useId, useState } from "react";
import { LandingNotice } from "../../ui/landing";
import { useComments } from "./api/get-comments";
import { CommentComposer, CommentForm, useCanComment } from "./comment-composer";
import { CommentItem } from "./comment-item";
import "./comments.css";

export function PostComments({
  postId,
  onChanged,
  landOnComment = null,
}: {
  postId: string;
  onChanged?: () => void;
  landOnComment?: string | null;
}) {
  const { data, isLoading, isError } = useComments(postId);
  const { canComment } = useCanComment();
  /** The thread (its top-level comment's id) with the open reply form, and the comment being answered. */
  const [replying, setReplying] = useState<{ thread: string; to: string; name: string } | null>(null);
  const headingId = useId();
  const threads = threadComments(data ?? []);

  return (
    <section className="comments" aria-labelledby={headingId}>
      {/* h2: a post has no heading of its own, so under the page's h1 an h3 here skipped a level. */}
      <h2 id={headingId} className="visually-hidden">
        Comments
      </h2>
      {isLoading && <p className="muted small">Loading comments...</p>}
      {isError && <p className="form-error">The comments could not be loaded. Please reload the page.</p>}
      {landOnComment !== null && data && !data.some((c) => c._id === landOnComment) && (
        <LandingNotice>{messages.comment.gone}</LandingNotice>
      )}
      {data && threads.length === 0 && <p className="muted small">No comments yet.</p>}
      {threads.length > 0 && (
        <ul className="comment-list">
          {threads.map(({ comment, replies }) => {
            const replyTo = (to: { _id: string; authorName: string }) =>
              canComment ? () => setReplying({ thread: comment._id, to: to._id, name: to.authorName }) : undefined;
            return (
              <li key={comment._id}>
                <CommentItem
                  comment={comment}
                  onReply={replyTo(comment)}
                  onDeleted={onChanged}
                  landed={comment._id === landOnComment}
                />
                {replies.length > 0 && (
                  <ul className="comment-replies">
                    {replies.map((reply) => (
                      <li key={reply._id}>
                        <CommentItem
                          comment={reply}
                          onReply={replyTo(reply)}
                          onDeleted={onChanged}
                          landed={reply._id === landOnComment}
                        />
                      </li>
                    ))}
                  </ul>
                )}
                {replying?.thread === comment._id && (
                  <div className="comment-replies">
                    <CommentForm
                      key={replying.to}
                      postId={postId}
                      parentCommentId={replying.to}
                      label={`Reply to ${replying.name}`}
                      submitLabel="Reply"
                      onPosted={() => {
                        setReplying(null);
                        onChanged?.();
                      }}
                      onCancel={() => setReplying(null)}
                    />
                  </div>
                )}
              </li>
            );
          })}
        </ul>
      )}
      <CommentComposer postId={postId} onPosted={onChanged} />
    </section>
  );
}
