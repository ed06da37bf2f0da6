/** The archived forum: each visible post with its comments and their replies, all shown; votes as counts only. */
import { messages } from "@classcoin/shared/messages";
import type { ArchivedComment, ArchivedPost } from "@classcoin/shared/semesters";
import { Avatar } from "../../ui/avatar";
import { formatDateTime } from "../../ui/dates";
import { countOf } from "./format";

export function ArchiveForum({ posts }: { posts: ArchivedPost[] }) {
  if (posts.length === 0) return <p className="empty-state">No posts were archived.</p>;
  return (
    <div className="archive-posts">
      {posts.map((post) => {
        const comments = post.comments.reduce((n, c) => n + (c.removed ? 0 : 1) + c.replies.length, 0);
        return (
          <article
            key={post._id}
            className="card archive-post"
            aria-labelledby={`archive-post-${post._id}`}
            data-testid="archived-post"
          >
            <header className="archive-author">
              <Avatar photo={post.authorPhoto} wallet={post.authorWallet} name={post.authorName} size={40} />
              <div>
                <strong id={`archive-post-${post._id}`}>{post.authorName}</strong>
                <time className="muted small" dateTime={post.createdAt}>
                  {formatDateTime(post.createdAt)}
                </time>
              </div>
            </header>
            <p className="archive-post-content">{post.content}</p>
            <p className="muted small archive-votes">
              <Votes up={post.upvotes} down={post.downvotes} /> · {countOf(comments, "comment", "comments")}
            </p>
            {post.comments.length > 0 && (
              <ul className="archive-comments" aria-label={`Comments on the post by ${post.authorName}`}>
                {post.comments.map((comment) => (
                  <li key={comment._id}>
                    <CommentView comment={comment} />
                    {comment.replies.length > 0 && (
                      <ul
                        className="archive-replies"
                        aria-label={`Replies to ${comment.removed ? "a removed comment" : comment.authorName}`}
                      >
                        {comment.replies.map((reply) => (
                          <li key={reply._id}>
                            <CommentView comment={reply} />
                          </li>
                        ))}
                      </ul>
                    )}
                  </li>
                ))}
              </ul>
            )}
          </article>
        );
      })}
    </div>
  );
}

function CommentView({ comment }: { comment: ArchivedComment }) {
  if (comment.removed) {
    return (
      <article className="archive-comment comment-removed" data-testid="archived-comment">
        <p className="muted small">
          {comment.removed === "deleted" ? messages.comment.deleted : messages.comment.hidden}
        </p>
      </article>
    );
  }
  return (
    <article
      className="archive-comment"
      aria-labelledby={`archive-comment-${comment._id}`}
      data-testid="archived-comment"
    >
      <header className="archive-comment-head">
        <Avatar photo={comment.authorPhoto} wallet={comment.authorWallet} name={comment.authorName} size={28} />
        <strong id={`archive-comment-${comment._id}`}>{comment.authorName}</strong>
        <time className="muted small" dateTime={comment.createdAt}>
          {formatDateTime(comment.createdAt)}
        </time>
      </header>
      {comment.replyTo && (
        <p className="muted small" data-testid="comment-reply-to">
          <span aria-hidden="true">↪ </span>
          {messages.comment.replyingTo(comment.replyTo.authorName)}
        </p>
      )}
      <p className="archive-comment-text">{comment.text}</p>
      <p className="muted small archive-votes">
        <Votes up={comment.upvotes} down={comment.downvotes} />
      </p>
    </article>
  );
}

function Votes({ up, down }: { up: number; down: number }) {
  return (
    <>
      <span aria-hidden="true">▲ </span>
      {countOf(up, "upvote", "upvotes")} · <span aria-hidden="true">▼ </span>
      {countOf(down, "downvote", "downvotes")}
    </>
  );
}
