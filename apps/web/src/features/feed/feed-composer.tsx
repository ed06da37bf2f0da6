/**
 * The Feed's composer: 1–4 images (previewed, checked like profile photos) and optional text. Shown to a
 * connected wallet with a profile; otherwise a notice says what is missing (nothing for a visitor: the page's
 * connect prompt above already asks them to connect).
 */
import { FEED_MAX_IMAGES, FEED_TEXT_MAX_LENGTH, validateFeedInput } from "@classcoin/shared/feed";
import { messages } from "@classcoin/shared/messages";
import { textLength } from "@classcoin/shared/text";
import { type ChangeEvent, type FormEvent, useEffect, useId, useRef, useState } from "react";
import { Link } from "react-router";
import { useAlert } from "../../ui/alerts";
import { FormErrors } from "../../ui/form-errors";
import { ArchivedNotice } from "../../wallet/archived-notice";
import { useAccountProfile } from "../../wallet/get-account-profile";
import { useWallet } from "../../wallet/use-wallet";
import { useWalletSetup } from "../../wallet/wallet-context";
import { useCreateFeedPost } from "./api/create-feed-post";
import { feedErrorText } from "./feed-errors";

export function FeedComposer() {
  const { wallet } = useWallet();
  const { profile, archived, isLoading } = useAccountProfile();
  if (!wallet) return null;
  if (isLoading) return <p className="muted">Checking your profile…</p>;
  // An archived student keeps their one profile: "Create your profile" led to a page that cannot make one.
  if (!profile && archived) return <ArchivedNotice doing="You cannot post to the Feed until it is restored." />;
  if (!profile) {
    return (
      <p className="notice">
        {messages.feed.profile}. <Link to="/profiles">Create your profile</Link>
      </p>
    );
  }
  return <ComposerForm />;
}

function ComposerForm() {
  const { config } = useWalletSetup();
  const create = useCreateFeedPost();
  const alert = useAlert();
  const [files, setFiles] = useState<File[]>([]);
  const [previews, setPreviews] = useState<string[]>([]);
  const [text, setText] = useState("");
  const [errors, setErrors] = useState<string[]>([]);
  const [posted, setPosted] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const ids = { files: useId(), text: useId(), errors: useId() };

  // Previews are object URLs: freed when replaced or when the form goes.
  useEffect(
    () => () => {
      for (const url of previews) URL.revokeObjectURL(url);
    },
    [previews],
  );

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = [...(event.target.files ?? [])];
    const problems = validateFeedInput({ connected: true, hasProfile: true, text: "", files: chosen }).filter(
      (e) => e !== messages.feed.images,
    );
    setErrors(problems);
    if (problems.length > 0) {
      event.target.value = "";
      setFiles([]);
      setPreviews([]);
      return;
    }
    setFiles(chosen);
    setPreviews(chosen.map((f) => URL.createObjectURL(f)));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = validateFeedInput({ connected: true, hasProfile: true, text, files });
    setErrors(found);
    setPosted(false);
    if (found.length > 0) return;
    create.mutate(
      { text: text.trim(), images: files },
      {
        onSuccess: () => {
          setPosted(true);
          setText("");
          setFiles([]);
          setPreviews([]);
          if (fileInput.current) fileInput.current.value = "";
        },
        onError: (error) => {
          console.error("Feed post failed", error);
          void alert(feedErrorText(error, config));
        },
      },
    );
  };

  const used = textLength(text);
  return (
    <form className="card feed-composer" onSubmit={submit} noValidate aria-label="Post to the Feed">
      <p className="muted small">{messages.feed.anonymous}</p>
      <label htmlFor={ids.files}>Images (1 to {FEED_MAX_IMAGES})</label>
      <input
        ref={fileInput}
        id={ids.files}
        type="file"
        accept="image/jpeg,image/png,image/gif,image/webp"
        multiple
        onChange={choose}
        aria-describedby={errors.length ? ids.errors : undefined}
      />
      {previews.length > 0 && (
        <ul className="feed-previews" aria-label="Chosen images">
          {previews.map((url, i) => (
            <li key={url}>
              <img src={url} alt={`Chosen file ${i + 1}: ${files[i]?.name ?? ""}`} />
            </li>
          ))}
        </ul>
      )}
      <label htmlFor={ids.text}>Text (optional)</label>
      <textarea id={ids.text} rows={4} value={text} onChange={(e) => setText(e.target.value)} />
      <div className="feed-composer-foot">
        <span className={used > FEED_TEXT_MAX_LENGTH ? "feed-counter warning small" : "feed-counter small"}>
          {used}/{FEED_TEXT_MAX_LENGTH}
        </span>
        <button type="submit" className="button" disabled={create.isPending}>
          {create.isPending ? "Posting…" : "Post anonymously"}
        </button>
      </div>
      {posted && config.feedAnnounceSeconds > 0 && (
        <p className="muted small" role="status">
          {messages.feed.postedLater(config.feedAnnounceSeconds)}
        </p>
      )}
      <FormErrors id={ids.errors} errors={errors} />
    </form>
  );
}
