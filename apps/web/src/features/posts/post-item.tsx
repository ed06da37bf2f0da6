/** One post: author, time, the text as plain text (never HTML), and the vote buttons. */
import type { Post, VoteType } from "@classcoin/shared/entities";
import { messages } from "@classcoin/shared/messages";
import { type ReactNode, useEffect, useId, useState } from "react";
import { useAlert } from "../../ui/alerts";
import { Avatar } from "../../ui/avatar";
import { formatDateTime } from "../../ui/dates";
import { useLanding } from "../../ui/landing";
import { useWallet } from "../../wallet/use-wallet";
import { useWalletSetup } from "../../wallet/wallet-context";
import { useVotePost } from "./api/vote-post";
import { voteErrorText } from "./post-errors";

/**
 * `renderComments` is the post's comments slot (app/ fills it from the comments feature): given, the post
 * shows a Comments button with its count that expands them in place. `landing`: a link named this post (and
 * maybe one of its comments, whose thread is then opened): it is scrolled to, focused and ringed.
 */
export function PostItem({
  post,
  renderComments,
  landing = null,
}: {
  post: Post;
  renderComments?: (post: Post, landOnComment: string | null) => ReactNode;
  landing?: { comment: string | null } | null;
}) {
  const { wallet } = useWallet();
  const landOnComment = landing?.comment ?? null;
  const [commentsOpen, setCommentsOpen] = useState(landOnComment !== null);
  // A link to one of its comments followed while the post is already shown: its comments open for it.
  useEffect(() => {
    if (landOnComment !== null) setCommentsOpen(true);
  }, [landOnComment]);
  // The post itself is landed on when no comment is named; the comment is, otherwise (comments feature).
  const { ref, props: landedProps } = useLanding<HTMLElement>(landing !== null && landOnComment === null);
  const commentsId = useId();
  const { config } = useWalletSetup();
  const vote = useVotePost();
  const alert = useAlert();
  const mine = wallet ? post.votes[wallet] : undefined;

  const cast = (type: VoteType) => {
    if (!wallet) {
      void alert(messages.vote.connect);
      return;
    }
    vote.mutate(
      { postId: post._id, type },
      {
        onError: (error) => {
          console.error("Vote failed", error);
          void alert(voteErrorText(error, config));
        },
      },
    );
  };

  return (
    <article
      ref={ref}
      id={`post-${post._id}`}
      className="card post"
      aria-labelledby={`post-${post._id}-author`}
      {...landedProps}
    >
      <header className="post-head">
        <Avatar photo={post.authorPhoto} wallet={post.authorWallet} name={post.authorName} size={40} />
        <div>
          <strong id={`post-${post._id}-author`}>{post.authorName}</strong>
          <time className="muted small" dateTime={post.createdAt}>
            {formatDateTime(post.createdAt)}
          </time>
        </div>
      </header>
      <p className="post-content">{post.content}</p>
      <footer className="post-votes">
        <button
          type="button"
          className="button secondary small"
          disabled={mine === "up" || vote.isPending}
          aria-pressed={mine === "up"}
          onClick={() => cast("up")}
        >
          <span aria-hidden="true">▲ </span>Upvote <span data-testid="upvotes">{post.upvotes}</span>
        </button>
        <button
          type="button"
          className="button secondary small"
          disabled={mine === "down" || vote.isPending}
          aria-pressed={mine === "down"}
          onClick={() => cast("down")}
        >
          <span aria-hidden="true">▼ </span>Downvote <span data-testid="downvotes">{post.downvotes}</span>
        </button>
        {renderComments && (
          <button
            type="button"
            className="button secondary small"
            aria-expanded={commentsOpen}
            aria-controls={commentsId}
            onClick={() => setCommentsOpen((open) => !open)}
          >
            {commentsOpen ? "Hide comments" : "Comments"} <span data-testid="comment-count">{post.commentCount}</span>
          </button>
        )}
      </footer>
      {renderComments && <div id={commentsId}>{commentsOpen && renderComments(post, landOnComment)}</div>}
    </article>
  );
}
