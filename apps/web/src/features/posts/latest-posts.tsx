/** The newest few posts for the home page. */
import { Link } from "react-router";
import { Avatar } from "../../ui/avatar";
import { formatDateTime } from "../../ui/dates";
import { usePosts } from "./api/get-posts";
import "./posts.css";

export function LatestPosts({ limit = 5 }: { limit?: number }) {
  const { posts, isLoading, isError } = usePosts();
  const latest = (posts ?? []).slice(0, limit);
  return (
    <section className="card home-panel" aria-labelledby="home-posts">
      <h2 id="home-posts">Latest in the forum</h2>
      {isLoading && <p className="muted">Loading posts...</p>}
      {isError && !posts && <p className="form-error">The posts could not be loaded. Please reload the page.</p>}
      {posts && latest.length === 0 && <p className="muted">No posts yet.</p>}
      <ul className="plain-list latest-posts">
        {latest.map((p) => (
          <li key={p._id}>
            <Avatar photo={p.authorPhoto} wallet={p.authorWallet} name={p.authorName} size={28} />
            <div>
              <strong>{p.authorName}</strong>{" "}
              <time className="muted small" dateTime={p.createdAt}>
                {formatDateTime(p.createdAt)}
              </time>
              <p className="clamp">{p.content}</p>
            </div>
          </li>
        ))}
      </ul>
      <Link to="/forum">Go to the forum</Link>
    </section>
  );
}
