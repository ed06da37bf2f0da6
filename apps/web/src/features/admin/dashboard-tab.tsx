/** Dashboard: the counts of spec §3 (profiles, posts, bounties, projects). */
import type { AdminSigner } from "../../lib/admin/admin-signer";
import { LoadState } from "../../lib/admin/load-state";
import { useDashboard } from "./api/get-dashboard";
import "./admin.css";

export function DashboardTab({ signer }: { signer: AdminSigner }) {
  const query = useDashboard(signer);
  return (
    <LoadState tab="Dashboard" query={query}>
      {(d) => (
        <div className="dashboard-grid">
          <Tile
            title="Profiles"
            rows={[
              ["Total", d.profiles.total],
              ["Archived", d.profiles.archived],
              ["Excluding admin", d.profiles.totalExcludingAdmin],
            ]}
          />
          <Tile
            title="Posts"
            rows={[
              ["Total", d.posts.total],
              ["Hidden", d.posts.hidden],
            ]}
          />
          <Tile
            title="Bounties"
            rows={[
              ["Total", d.bounties.total],
              ["Active", d.bounties.active],
            ]}
          />
          <Tile
            title="Projects"
            rows={[
              ["Total", d.projects.total],
              ["Archived", d.projects.archived],
            ]}
          />
        </div>
      )}
    </LoadState>
  );
}

function Tile({ title, rows }: { title: string; rows: [string, number][] }) {
  return (
    <section className="card dashboard-tile" aria-label={title} data-testid={`dashboard-${title.toLowerCase()}`}>
      <h2>{title}</h2>
      <dl>
        {rows.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value.toLocaleString("en-US")}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
