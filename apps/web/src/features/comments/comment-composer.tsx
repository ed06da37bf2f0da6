/**
 * The comment form under a post (or a reply form under a thread): shown to a connected wallet with a profile,
 * else a notice saying what is missing. Checked as the server checks it (1–1000 code points).
 */
import { validateCommentInput } from "@classcoin/shared/comments";
import { COMMENT_MAX_LENGTH } from "@classcoin/shared/constants";
import { messages } from "@classcoin/shared/messages";
import { textLength } from "@classcoin/shared/text";
import { type FormEvent, useId, useRef, useState } from "react";
import { Link } from "react-router";
import { useAlert } from "../../ui/alerts";
import { FormErrors } from "../../ui/form-errors";
import { ArchivedNotice } from "../../wallet/archived-notice";
import { useAccountProfile } from "../../wallet/get-account-profile";
import { useWallet } from "../../wallet/use-wallet";
import { useWalletSetup } from "../../wallet/wallet-context";
import { useCreateComment } from "./api/create-comment";
import { commentErrorText } from "./comment-errors";

/** Whether the connected person may comment: a wallet and an active profile. */
export function useCanComment(): {
  wallet: string | undefined;
  canComment: boolean;
  checking: boolean;
  archived: boolean;
} {
  const { wallet } = useWallet();
  const { profile, archived, isLoading } = useAccountProfile();
  return { wallet, canComment: Boolean(wallet && profile && !profile.archived), checking: isLoading, archived };
}

/** The top-level form, or the notice that says why there is none. */
export function CommentComposer({ postId, onPosted }: { postId: string; onPosted?: () => void }) {
  const { wallet, canComment, checking, archived } = useCanComment();
  if (!wallet) return <p className="notice small">{messages.comment.connect}</p>;
  if (checking) return <p className="muted small">Checking your profile…</p>;
  // An archived student keeps their one profile: "Create your profile" led to a page that cannot make one.
  if (!canComment && archived) return <ArchivedNotice doing="You cannot comment until it is restored." />;
  if (!canComment) {
    return (
      <p className="notice small">
        {messages.comment.profile}. <Link to="/profiles">Create your profile</Link>
      </p>
    );
  }
  return <CommentForm postId={postId} label="Write a comment" submitLabel="Comment" onPosted={onPosted} />;
}

export function CommentForm({
  postId,
  parentCommentId,
  label,
  submitLabel,
  onPosted,
  onCancel,
}: {
  postId: string;
  parentCommentId?: string;
  label: string;
  submitLabel: string;
  onPosted?: () => void;
  onCancel?: () => void;
}) {
  const { config } = useWalletSetup();
  const [text, setText] = useState("");
  const [errors, setErrors] = useState<string[]>([]);
  const create = useCreateComment(postId);
  const alert = useAlert();
  const textId = useId();
  const textRef = useRef<HTMLTextAreaElement>(null);
  const counterId = useId();
  const errorId = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = validateCommentInput({ connected: true, hasProfile: true, text });
    setErrors(found);
    // Back to the text the error is about (a keyboard user is on the button; a screen reader reads the field,
    // its invalid state and the error it is described by).
    if (found.length > 0) {
      textRef.current?.focus();
      return;
    }
    create.mutate(
      { text: text.trim(), parentCommentId },
      {
        onSuccess: () => {
          setText("");
          onPosted?.();
        },
        onError: (error) => {
          console.error("Comment failed", error);
          void alert(commentErrorText(error, config));
        },
      },
    );
  };

  const used = textLength(text);
  return (
    <form className="comment-form" onSubmit={submit} noValidate>
      <label htmlFor={textId} className="small">
        {label}
      </label>
      <textarea
        ref={textRef}
        id={textId}
        rows={3}
        value={text}
        onChange={(e) => setText(e.target.value)}
        aria-describedby={`${counterId} ${errors.length ? errorId : ""}`.trim()}
        aria-invalid={errors.length > 0}
        // biome-ignore lint/a11y/noAutofocus: the reply form opens because the person asked to reply
        autoFocus={parentCommentId !== undefined}
      />
      <div className="comment-form-foot">
        <span
          id={counterId}
          className={used > COMMENT_MAX_LENGTH ? "comment-counter warning small" : "comment-counter small"}
          data-testid="comment-counter"
        >
          {used}/{COMMENT_MAX_LENGTH}
        </span>
        <span className="comment-form-actions">
          {onCancel && (
            <button type="button" className="button secondary small" onClick={onCancel}>
              Cancel
            </button>
          )}
          <button type="submit" className="button small" disabled={create.isPending}>
            {create.isPending ? "Sending…" : submitLabel}
          </button>
        </span>
      </div>
      <FormErrors id={errorId} errors={errors} />
    </form>
  );
}
