/** Profiles: every profile with Archive or Restore. An archived profile leaves the public pages. */
import { adminSuccessMessages } from "@classcoin/shared/admin";
import { Avatar } from "../../ui/avatar";
import { formatDate } from "../../ui/dates";
import { shortAddress } from "../../ui/short-address";
import type { AdminSigner } from "./api/admin-request";
import { useArchiveProfile } from "./api/archive-profile";
import { useAdminProfiles } from "./api/get-admin-profiles";
import { LoadState } from "./load-state";
import { useAdminAction } from "./use-admin-action";

export function ProfilesTab({ signer }: { signer: AdminSigner }) {
  const query = useAdminProfiles(signer);
  const archive = useArchiveProfile();
  const act = useAdminAction();
  return (
    <LoadState tab="Profiles" query={query}>
      {(profiles) =>
        profiles.length === 0 ? (
          <p className="empty-state">No profiles yet.</p>
        ) : (
          <ul className="admin-list">
            {profiles.map((p) => {
              const busy = archive.isPending && archive.variables?.wallet === p.wallet;
              return (
                <li key={p._id} className="card admin-row" data-testid="admin-profile">
                  <Avatar photo={p.photo} wallet={p.wallet} name={p.name} size={40} />
                  <div className="admin-row-main">
                    <strong>{p.name}</strong>{" "}
                    <span className={p.archived ? "badge badge-cancelled" : "badge badge-active"}>
                      {p.archived ? "Archived" : "Active"}
                    </span>
                    <div className="muted small">
                      <span className="mono" title={p.wallet}>
                        {shortAddress(p.wallet)}
                      </span>{" "}
                      · joined {formatDate(p.createdAt)}
                    </div>
                  </div>
                  <button
                    type="button"
                    className={p.archived ? "button small" : "button small secondary"}
                    disabled={busy}
                    aria-label={`${p.archived ? "Restore" : "Archive"} ${p.name}`}
                    onClick={() =>
                      void act(
                        () => archive.mutateAsync({ wallet: p.wallet, archive: !p.archived }),
                        () => adminSuccessMessages.profileArchived(!p.archived),
                      )
                    }
                  >
                    {p.archived ? "Restore" : "Archive"}
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
