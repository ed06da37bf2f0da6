/** Posts: every post with Hide or Show. A hidden post leaves the forum. */
import { adminSuccessMessages } from "@classcoin/shared/admin";
import { AdminList, StateBadge, ToggleButton } from "../../../lib/admin/admin-list";
import type { AdminSigner } from "../../../lib/admin/admin-signer";
import { LoadState } from "../../../lib/admin/load-state";
import { useAdminAction } from "../../../lib/admin/use-admin-action";
import { formatDateTime } from "../../../ui/dates";
import { useAdminPosts } from "./api/get-admin-posts";
import { useHidePost } from "./api/hide-post";
import "../posts.css";

export function PostsTab({ signer }: { signer: AdminSigner }) {
  const query = useAdminPosts(signer);
  const hide = useHidePost();
  const act = useAdminAction();
  return (
    <LoadState tab="Posts" query={query}>
      {(posts) => (
        <AdminList items={posts} empty="No posts yet." rowTestId="admin-post">
          {(p) => (
            <>
              <div className="admin-row-main">
                <strong>{p.authorName}</strong>{" "}
                <StateBadge ok={!p.hidden}>{p.hidden ? "Hidden" : "Visible"}</StateBadge>
                <span className="muted small"> · {formatDateTime(p.createdAt)}</span>
                <p className="clamp admin-post-content">{p.content}</p>
                <span className="muted small">
                  ▲ {p.upvotes} · ▼ {p.downvotes}
                </span>
              </div>
              <ToggleButton
                off={p.hidden}
                labels={["Hide", "Show"]}
                target={`post by ${p.authorName}: ${p.content.slice(0, 40)}`}
                busy={hide.isPending && hide.variables?.postId === p._id}
                onClick={() =>
                  void act(
                    () => hide.mutateAsync({ postId: p._id, hide: !p.hidden }),
                    () => adminSuccessMessages.postHidden(!p.hidden),
                    { key: `hide:${p._id}` },
                  )
                }
              />
            </>
          )}
        </AdminList>
      )}
    </LoadState>
  );
}
