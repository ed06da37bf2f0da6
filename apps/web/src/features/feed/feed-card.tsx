/** One Feed post: its images, its text as plain text, its time; "Your post" on the author's own. No author. */
import type { FeedPost } from "@classcoin/shared/feed";
import { formatDateTime } from "../../ui/dates";
import { feedImageUrl } from "./feed-image";

export function FeedCard({ post }: { post: FeedPost }) {
  const count = post.images.length;
  return (
    <article className={post.mine ? "card feed-card mine" : "card feed-card"} data-testid="feed-post">
      <div className={`feed-images feed-images-${count}`}>
        {post.images.map((file, i) => (
          <a key={file} href={feedImageUrl(file)} target="_blank" rel="noreferrer">
            <img
              src={feedImageUrl(file)}
              alt={post.text ? `${post.text.slice(0, 60)} (${i + 1} of ${count})` : `Shared work, ${i + 1} of ${count}`}
              loading="lazy"
              decoding="async"
            />
          </a>
        ))}
      </div>
      {post.text && <p className="feed-text">{post.text}</p>}
      <footer className="feed-foot">
        <time className="muted small" dateTime={post.createdAt}>
          {formatDateTime(post.createdAt)}
        </time>
        {post.mine && <span className="badge badge-active">Your post</span>}
      </footer>
    </article>
  );
}
