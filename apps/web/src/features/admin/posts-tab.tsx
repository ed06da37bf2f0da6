/** Posts: every post with Hide or Show. A hidden post leaves the forum. */
import { adminSuccessMessages } from "@classcoin/shared/admin";
import { formatDateTime } from "../../ui/dates";
import type { AdminSigner } from "./api/admin-request";
import { useAdminPosts } from "./api/get-admin-posts";
import { useHidePost } from "./api/hide-post";
import { LoadState } from "./load-state";
import { useAdminAction } from "./use-admin-action";

export function PostsTab({ signer }: { signer: AdminSigner }) {
  const query = useAdminPosts(signer);
  const hide = useHidePost();
  const act = useAdminAction();
  return (
    <LoadState tab="Posts" query={query}>
      {(posts) =>
        posts.length === 0 ? (
          <p className="empty-state">No posts yet.</p>
        ) : (
          <ul className="admin-list">
            {posts.map((p) => {
              const busy = hide.isPending && hide.variables?.postId === p._id;
              return (
                <li key={p._id} className="card admin-row" data-testid="admin-post">
                  <div className="admin-row-main">
                    <strong>{p.authorName}</strong>{" "}
                    <span className={p.hidden ? "badge badge-cancelled" : "badge badge-active"}>
                      {p.hidden ? "Hidden" : "Visible"}
                    </span>
                    <span className="muted small"> · {formatDateTime(p.createdAt)}</span>
                    <p className="clamp admin-post-content">{p.content}</p>
                    <span className="muted small">
                      ▲ {p.upvotes} · ▼ {p.downvotes}
                    </span>
                  </div>
                  <button
                    type="button"
                    className={p.hidden ? "button small" : "button small secondary"}
                    disabled={busy}
                    aria-label={`${p.hidden ? "Show" : "Hide"} post by ${p.authorName}: ${p.content.slice(0, 40)}`}
                    onClick={() =>
                      void act(
                        () => hide.mutateAsync({ postId: p._id, hide: !p.hidden }),
                        () => adminSuccessMessages.postHidden(!p.hidden),
                      )
                    }
                  >
                    {p.hidden ? "Show" : "Hide"}
                  </button>
                </li>
              );
            })}
          </ul>
        )
      }
    </LoadState>
  );
}
