/** Projects: every submission of the four projects with Archive or Restore. An archived one leaves /projects. */
import { adminSuccessMessages } from "@classcoin/shared/admin";
import { PRODUCT_SYMBOL } from "@classcoin/shared/constants";
import type { AdminSigner } from "./api/admin-request";
import { useArchiveProject } from "./api/archive-project";
import { useAdminProjects } from "./api/get-admin-projects";
import { LoadState } from "./load-state";
import { useAdminAction } from "./use-admin-action";

export function ProjectsTab({ signer }: { signer: AdminSigner }) {
  const query = useAdminProjects(signer);
  const archive = useArchiveProject();
  const act = useAdminAction();
  return (
    <LoadState tab="Projects" query={query}>
      {(projects) =>
        projects.length === 0 ? (
          <p className="empty-state">No project submissions yet.</p>
        ) : (
          <ul className="admin-list">
            {projects.map((p) => {
              const busy = archive.isPending && archive.variables?.projectId === p._id;
              return (
                <li key={p._id} className="card admin-row" data-testid="admin-project">
                  <img
                    className="admin-thumb"
                    src={`/api/projects/image/${encodeURIComponent(p.image)}`}
                    alt=""
                    width={48}
                    height={48}
                    loading="lazy"
                  />
                  <div className="admin-row-main">
                    <strong>{p.title}</strong>{" "}
                    <span className={p.archived ? "badge badge-cancelled" : "badge badge-active"}>
                      {p.archived ? "Archived" : "Active"}
                    </span>
                    <div className="muted small">
                      Project {p.projectNumber} · {p.authorName} · received {p.totalReceived.toLocaleString("en-US")}{" "}
                      {PRODUCT_SYMBOL}
                    </div>
                  </div>
                  <button
                    type="button"
                    className={p.archived ? "button small" : "button small secondary"}
                    disabled={busy}
                    aria-label={`${p.archived ? "Restore" : "Archive"} ${p.title}`}
                    onClick={() =>
                      void act(
                        () => archive.mutateAsync({ projectId: p._id, archive: !p.archived }),
                        () => adminSuccessMessages.projectArchived(!p.archived),
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
