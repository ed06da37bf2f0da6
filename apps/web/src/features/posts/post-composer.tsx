/**
 * The composer (spec §2 /forum, §5 "Post"): shown to a profile holder with ≥ 1 CC, else a notice saying why not.
 * A visitor gets nothing here: the page's connect prompt above already says "Connect wallet first".
 */
import { messages } from "@classcoin/shared/messages";
import { postCounter, validatePostInput } from "@classcoin/shared/posts";
import { type FormEvent, useId, useRef, useState } from "react";
import { Link } from "react-router";
import { useAlert } from "../../ui/alerts";
import { FormErrors } from "../../ui/form-errors";
import { ArchivedNotice } from "../../wallet/archived-notice";
import { useAccountProfile } from "../../wallet/get-account-profile";
import { useCcBalance } from "../../wallet/use-cc-balance";
import { useWallet } from "../../wallet/use-wallet";
import { useWalletSetup } from "../../wallet/wallet-context";
import { useCreatePost } from "./api/create-post";
import { postErrorText } from "./post-errors";

export function PostComposer() {
  const { wallet } = useWallet();
  const { profile, archived, isLoading: profileLoading } = useAccountProfile();
  const balance = useCcBalance();
  if (!wallet) return null;
  if (profileLoading || balance.amount === undefined) return <p className="muted">Checking your profile…</p>;
  if (!profile && archived) return <ArchivedNotice doing="You cannot post until it is restored." />;
  if (!profile) {
    return (
      <p className="notice">
        {messages.post.profile}. <Link to="/profiles">Create your profile</Link>
      </p>
    );
  }
  if (balance.amount < 1) return <p className="notice">{messages.post.balance}</p>;
  return <ComposerForm balance={balance.amount} />;
}

function ComposerForm({ balance }: { balance: number }) {
  const { config } = useWalletSetup();
  const [content, setContent] = useState("");
  const [errors, setErrors] = useState<string[]>([]);
  const [tried, setTried] = useState(false);
  const createPost = useCreatePost();
  const alert = useAlert();
  const textId = useId();
  const textRef = useRef<HTMLTextAreaElement>(null);
  const counterId = useId();
  const errorId = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = validatePostInput({ connected: true, hasProfile: true, balance, content });
    setErrors(found);
    setTried(true);
    // Back to the text the error is about (a keyboard user is on the button; a screen reader reads the field,
    // its invalid state and the error it is described by).
    if (found.length > 0) {
      textRef.current?.focus();
      return;
    }
    createPost.mutate(content.trim(), {
      onSuccess: () => {
        setContent("");
        setTried(false);
      },
      onError: (error) => {
        console.error("Post failed", error);
        void alert(postErrorText(error, config));
      },
    });
  };

  // Code points, as the server counts them (an emoji is 1, not 2): shared/text.ts.
  const counter = postCounter(content);
  return (
    <form className="card composer" onSubmit={submit} noValidate>
      <label htmlFor={textId}>Write a post</label>
      <textarea
        ref={textRef}
        id={textId}
        rows={4}
        value={content}
        onChange={(e) => {
          const next = e.target.value;
          setContent(next);
          // Once Post was tried, the messages follow the text: fixed ones go, new ones come (not on Post only).
          if (tried) setErrors(validatePostInput({ connected: true, hasProfile: true, balance, content: next }));
        }}
        aria-describedby={`${counterId} ${errors.length ? errorId : ""}`.trim()}
        aria-invalid={errors.length > 0}
        placeholder="Share something with the class…"
      />
      <div className="composer-foot">
        <span
          id={counterId}
          className={counter.warning ? "counter counter-warning" : "counter"}
          data-testid="post-counter"
        >
          {counter.text}
        </span>
        <button type="submit" className="button" disabled={createPost.isPending}>
          {createPost.isPending ? "Posting…" : "Post"}
        </button>
      </div>
      <FormErrors id={errorId} errors={errors} />
    </form>
  );
}
