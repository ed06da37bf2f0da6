/** Comments: every comment (newest first) with the post it is on, and Hide or Show. A hidden comment leaves the forum. */
import { adminSuccessMessages } from "@classcoin/shared/admin";
import type { AdminComment } from "@classcoin/shared/comments";
import { AdminList, StateBadge, ToggleButton } from "../../../lib/admin/admin-list";
import type { AdminSigner } from "../../../lib/admin/admin-signer";
import { LoadState } from "../../../lib/admin/load-state";
import { useAdminAction } from "../../../lib/admin/use-admin-action";
import { formatDateTime } from "../../../ui/dates";
import { useAdminComments } from "./api/get-admin-comments";
import { useHideComment } from "./api/hide-comment";
import "../comments.css";

export function CommentsTab({ signer }: { signer: AdminSigner }) {
  const query = useAdminComments(signer);
  const hide = useHideComment();
  const act = useAdminAction();
  return (
    <LoadState tab="Comments" query={query}>
      {(comments) => (
        <AdminList items={comments} empty="No comments yet." rowTestId="admin-comment">
          {(c) => (
            <>
              <div className="admin-row-main">
                <strong>{c.authorName}</strong>{" "}
                <StateBadge ok={!c.hidden && !c.deleted}>
                  {c.deleted ? "Deleted" : c.hidden ? "Hidden" : "Visible"}
                </StateBadge>
                <span className="muted small">
                  {" "}
                  · {formatDateTime(c.createdAt)}
                  {replyLabel(c)}
                </span>
                <p className="admin-comment-text">{c.deleted ? <em>Deleted by its author</em> : c.text}</p>
                <span className="muted small admin-comment-post">On the post: “{c.postContent}”</span>
              </div>
              {!c.deleted && (
                <ToggleButton
                  off={c.hidden}
                  labels={["Hide", "Show"]}
                  target={`comment by ${c.authorName}: ${c.text.slice(0, 40)}`}
                  busy={hide.isPending && hide.variables?.commentId === c._id}
                  onClick={() =>
                    void act(
                      () => hide.mutateAsync({ commentId: c._id, hide: !c.hidden }),
                      () => adminSuccessMessages.commentHidden(!c.hidden),
                      { key: `hide:${c._id}` },
                    )
                  }
                />
              )}
            </>
          )}
        </AdminList>
      )}
    </LoadState>
  );
}

/** Where a comment sits, as the forum says it: a reply, and for a reply to a reply whom it answers. */
function replyLabel(c: AdminComment): string {
  if (c.replyTo) return ` · reply to ${c.replyTo.authorName || "a removed comment"}`;
  return c.parentCommentId ? " · reply" : "";
}
