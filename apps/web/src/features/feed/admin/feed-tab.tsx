/** Feed: every post with who posted it (only the admin sees this), and Hide or Show. */
import { adminSuccessMessages } from "@classcoin/shared/admin";
import { AdminList, StateBadge, ToggleButton } from "../../../lib/admin/admin-list";
import type { AdminSigner } from "../../../lib/admin/admin-signer";
import { LoadState } from "../../../lib/admin/load-state";
import { useAdminAction } from "../../../lib/admin/use-admin-action";
import { Avatar } from "../../../ui/avatar";
import { formatDateTime } from "../../../ui/dates";
import { feedImageUrl } from "../feed-image";
import { useAdminFeed } from "./api/get-admin-feed";
import { useHideFeedPost } from "./api/hide-feed-post";
import "../feed.css";

export function FeedTab({ signer }: { signer: AdminSigner }) {
  const query = useAdminFeed(signer);
  const hide = useHideFeedPost();
  const act = useAdminAction();
  return (
    <LoadState tab="Feed" query={query}>
      {(posts) => (
        <AdminList items={posts} empty="Nothing on the Feed yet." rowTestId="admin-feed-post">
          {(p) => (
            <>
              <div className="admin-row-main">
                <Avatar photo={p.authorPhoto} wallet={p.authorWallet} name={p.authorName} size={24} />{" "}
                <strong>{p.authorName}</strong>{" "}
                <StateBadge ok={!p.hidden}>{p.hidden ? "Hidden" : "Visible"}</StateBadge>
                <span className="muted small"> · {formatDateTime(p.createdAt)}</span>
                <div className="admin-feed-images">
                  {p.images.map((file, i) => (
                    <img
                      key={file}
                      src={feedImageUrl(file)}
                      alt={`Shared by ${p.authorName}, ${i + 1} of ${p.images.length}`}
                      loading="lazy"
                    />
                  ))}
                </div>
                {p.text && <p className="clamp">{p.text}</p>}
              </div>
              <ToggleButton
                off={p.hidden}
                labels={["Hide", "Show"]}
                target={`Feed post by ${p.authorName}${p.text ? `: ${p.text.slice(0, 40)}` : ""}`}
                busy={hide.isPending && hide.variables?.feedPostId === p._id}
                onClick={() =>
                  void act(
                    () => hide.mutateAsync({ feedPostId: p._id, hide: !p.hidden }),
                    () => adminSuccessMessages.feedPostHidden(!p.hidden),
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
