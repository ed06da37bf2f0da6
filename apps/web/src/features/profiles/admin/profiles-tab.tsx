/** Profiles: every profile with Archive or Restore. An archived profile leaves the public pages. */
import { adminSuccessMessages } from "@classcoin/shared/admin";
import { AdminList, StateBadge, ToggleButton } from "../../../lib/admin/admin-list";
import type { AdminSigner } from "../../../lib/admin/admin-signer";
import { LoadState } from "../../../lib/admin/load-state";
import { useAdminAction } from "../../../lib/admin/use-admin-action";
import { Avatar } from "../../../ui/avatar";
import { formatDate } from "../../../ui/dates";
import { shortAddress } from "../../../ui/short-address";
import { useArchiveProfile } from "./api/archive-profile";
import { useAdminProfiles } from "./api/get-admin-profiles";

export function ProfilesTab({ signer }: { signer: AdminSigner }) {
  const query = useAdminProfiles(signer);
  const archive = useArchiveProfile();
  const act = useAdminAction();
  return (
    <LoadState tab="Profiles" query={query}>
      {(profiles) => (
        <AdminList items={profiles} empty="No profiles yet." rowTestId="admin-profile">
          {(p) => (
            <>
              <Avatar photo={p.photo} wallet={p.wallet} name={p.name} size={40} />
              <div className="admin-row-main">
                <strong>{p.name}</strong> <StateBadge ok={!p.archived}>{p.archived ? "Archived" : "Active"}</StateBadge>
                <div className="muted small">
                  <span className="mono" title={p.wallet}>
                    {shortAddress(p.wallet)}
                  </span>{" "}
                  · joined {formatDate(p.createdAt)}
                </div>
              </div>
              <ToggleButton
                off={p.archived}
                labels={["Archive", "Restore"]}
                target={p.name}
                busy={archive.isPending && archive.variables?.wallet === p.wallet}
                onClick={() =>
                  void act(
                    () => archive.mutateAsync({ wallet: p.wallet, archive: !p.archived }),
                    () => adminSuccessMessages.profileArchived(!p.archived),
                    { key: `archive:${p.wallet}` },
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
