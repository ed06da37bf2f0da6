/** Dashboard: the counts of spec §3 (profiles, posts, bounties, projects), and the class treasury's ETH. */
import { messages } from "@classcoin/shared/messages";
import type { AdminSigner } from "../../lib/admin/admin-signer";
import { LoadState } from "../../lib/admin/load-state";
import { shortAddress } from "../../ui/short-address";
import { useDashboard } from "./api/get-dashboard";
import { useTreasury } from "./api/get-treasury";
import "./admin.css";

export function DashboardTab({ signer }: { signer: AdminSigner }) {
  const query = useDashboard(signer);
  const treasury = useTreasury(signer);
  // The tab's one "Try again" asks for the treasury too: without a session both are signed reads, and before, a
  // declined treasury signature left the card away until the tab was left, though the counts came back.
  const retryBoth: typeof query = {
    ...query,
    refetch: (options) => {
      if (treasury.data === undefined) void treasury.refetch();
      return query.refetch(options);
    },
  };
  return (
    <>
      <TreasuryCard query={treasury} />
      <Counts query={retryBoth} />
    </>
  );
}

/**
 * The treasury pays rewards, awards, grants and every gasless transfer's gas: when its ETH falls below the reserve,
 * gasless transfers stop, and before this card only the student refused learned of it.
 */
function TreasuryCard({ query }: { query: ReturnType<typeof useTreasury> }) {
  if (!query.data) return null; // the counts below say it when the admin's calls fail
  const t = query.data;
  const eth = (amount: string) => `${Number(amount).toLocaleString("en-US", { maximumFractionDigits: 4 })} ETH`;
  return (
    <section className="card treasury-card" aria-label="Class treasury" data-testid="dashboard-treasury">
      <h2>Class treasury</h2>
      <p>
        <span title={t.address}>{shortAddress(t.address)}</span> holds <strong>{eth(t.eth)}</strong> for gas (beyond its
        payments on the way); gasless transfers leave {eth(t.reserveEth)} for rewards, awards and grants.
      </p>
      {t.gasless === "paused" && (
        <p className="notice" role="alert">
          {messages.treasury.gaslessPaused(t.address)}
        </p>
      )}
      {t.gasless === "off" && <p className="muted">{messages.relay.off}</p>}
    </section>
  );
}

function Counts({ query }: { query: ReturnType<typeof useDashboard> }) {
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
