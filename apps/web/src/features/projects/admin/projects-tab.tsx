/** Projects: every submission of the four projects with Archive or Restore. An archived one leaves /projects. */
import { adminSuccessMessages } from "@classcoin/shared/admin";
import { PRODUCT_SYMBOL } from "@classcoin/shared/constants";
import { AdminList, StateBadge, ToggleButton } from "../../../lib/admin/admin-list";
import type { AdminSigner } from "../../../lib/admin/admin-signer";
import { LoadState } from "../../../lib/admin/load-state";
import { useAdminAction } from "../../../lib/admin/use-admin-action";
import { projectImageUrl } from "../project-image";
import { useArchiveProject } from "./api/archive-project";
import { useAdminProjects } from "./api/get-admin-projects";
import "../projects.css";

export function ProjectsTab({ signer }: { signer: AdminSigner }) {
  const query = useAdminProjects(signer);
  const archive = useArchiveProject();
  const act = useAdminAction();
  return (
    <LoadState tab="Projects" query={query}>
      {(projects) => (
        <AdminList items={projects} empty="No project submissions yet." rowTestId="admin-project">
          {(p) => (
            <>
              <img
                className="admin-thumb"
                src={projectImageUrl(p.image)}
                alt=""
                width={48}
                height={48}
                loading="lazy"
              />
              <div className="admin-row-main">
                <strong>{p.title}</strong>{" "}
                <StateBadge ok={!p.archived}>{p.archived ? "Archived" : "Active"}</StateBadge>
                <div className="muted small">
                  Project {p.projectNumber} · {p.authorName} · received {p.totalReceived.toLocaleString("en-US")}{" "}
                  {PRODUCT_SYMBOL}
                </div>
              </div>
              <ToggleButton
                off={p.archived}
                labels={["Archive", "Restore"]}
                target={p.title}
                busy={archive.isPending && archive.variables?.projectId === p._id}
                onClick={() =>
                  void act(
                    () => archive.mutateAsync({ projectId: p._id, archive: !p.archived }),
                    () => adminSuccessMessages.projectArchived(!p.archived),
                    { key: `archive:${p._id}` },
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
