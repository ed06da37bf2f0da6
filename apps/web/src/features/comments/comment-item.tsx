/**
 * One comment: author, time, whom it answers (a reply to a reply), the text as plain text, its votes, and
 * Reply / Delete where they apply.
 */
import type { Comment } from "@classcoin/shared/comments";
import type { VoteType } from "@classcoin/shared/entities";
import { messages } from "@classcoin/shared/messages";
import { useState } from "react";
import { useAlert } from "../../ui/alerts";
import { Avatar } from "../../ui/avatar";
import { ConfirmDialog } from "../../ui/confirm-dialog";
import { formatDateTime } from "../../ui/dates";
import { useLanding } from "../../ui/landing";
import { useWallet } from "../../wallet/use-wallet";
import { useWalletSetup } from "../../wallet/wallet-context";
import { useDeleteComment } from "./api/delete-comment";
import { useVoteComment } from "./api/vote-comment";
import { commentDeleteErrorText, commentVoteErrorText } from "./comment-errors";

export function CommentItem({
  comment,
  onReply,
  onDeleted,
  landed = false,
}: {
  comment: Comment;
  /** A link named this comment (a notification's): it is scrolled to, focused and ringed. */
  landed?: boolean;
  /** Opens the reply form; absent when the person cannot comment. */
  onReply?: () => void;
  onDeleted?: () => void;
}) {
  const { wallet } = useWallet();
  const { config } = useWalletSetup();
  const vote = useVoteComment(comment.postId);
  const remove = useDeleteComment(comment.postId);
  const alert = useAlert();
  const [confirming, setConfirming] = useState(false);
  const headingId = `comment-${comment._id}-author`;
  const { ref, props: landedProps } = useLanding<HTMLElement>(landed);

  if (comment.deleted || comment.hidden) {
    return (
      <article
        ref={ref}
        id={`comment-${comment._id}`}
        className="comment comment-removed"
        data-testid="comment"
        {...landedProps}
      >
        <p className="muted small">{comment.deleted ? messages.comment.deleted : messages.comment.hidden}</p>
      </article>
    );
  }

  const mine = wallet ? comment.votes[wallet] : undefined;
  const own = wallet !== undefined && wallet === comment.authorWallet.toLowerCase();
  const cast = (type: VoteType) => {
    if (!wallet) {
      void alert(messages.vote.connect);
      return;
    }
    vote.mutate(
      { commentId: comment._id, type },
      {
        onError: (error) => {
          console.error("Comment vote failed", error);
          void alert(commentVoteErrorText(error, config));
        },
      },
    );
  };
  const confirmDelete = () => {
    setConfirming(false);
    remove.mutate(comment._id, {
      onSuccess: () => onDeleted?.(),
      onError: (error) => {
        console.error("Delete failed", error);
        void alert(commentDeleteErrorText(error, config));
      },
    });
  };

  return (
    <article
      ref={ref}
      id={`comment-${comment._id}`}
      className="comment"
      aria-labelledby={headingId}
      data-testid="comment"
      {...landedProps}
    >
      <header className="comment-head">
        <Avatar photo={comment.authorPhoto} wallet={comment.authorWallet} name={comment.authorName} size={28} />
        <strong id={headingId}>{comment.authorName}</strong>
        <time className="muted small" dateTime={comment.createdAt}>
          {formatDateTime(comment.createdAt)}
        </time>
      </header>
      {/* Only a reply to a reply has one: a direct reply's target is the comment right above its thread. */}
      {comment.replyTo && (
        <p className="comment-reply-to muted small" data-testid="comment-reply-to">
          <span aria-hidden="true">↪ </span>
          {messages.comment.replyingTo(comment.replyTo.authorName)}
        </p>
      )}
      <p className="comment-text">{comment.text}</p>
      <footer className="comment-actions">
        <button
          type="button"
          className="button secondary small"
          disabled={mine === "up" || vote.isPending}
          aria-pressed={mine === "up"}
          onClick={() => cast("up")}
        >
          <span aria-hidden="true">▲ </span>
          <span className="visually-hidden">Upvote comment by {comment.authorName}: </span>
          <span data-testid="comment-upvotes">{comment.upvotes}</span>
        </button>
        <button
          type="button"
          className="button secondary small"
          disabled={mine === "down" || vote.isPending}
          aria-pressed={mine === "down"}
          onClick={() => cast("down")}
        >
          <span aria-hidden="true">▼ </span>
          <span className="visually-hidden">Downvote comment by {comment.authorName}: </span>
          <span data-testid="comment-downvotes">{comment.downvotes}</span>
        </button>
        {onReply && (
          <button type="button" className="link-button small" onClick={onReply}>
            Reply
          </button>
        )}
        {own && (
          <button
            type="button"
            className="link-button small danger-link"
            disabled={remove.isPending}
            onClick={() => setConfirming(true)}
          >
            Delete
          </button>
        )}
      </footer>
      {confirming && (
        <ConfirmDialog
          title="Delete comment"
          text={messages.comment.deleteConfirm}
          confirmLabel="Delete"
          onConfirm={confirmDelete}
          onCancel={() => setConfirming(false)}
        />
      )}
    </article>
  );
}
