/** The bounties as they stood when the semester was archived (the live ones carry on at /bounties). */
import type { Bounty } from "@classcoin/shared/entities";
import { formatDate } from "../../ui/dates";
import { shortAddress } from "../../ui/short-address";

const statusLabel: Record<Bounty["status"], string> = {
  active: "Active",
  completed: "Completed",
  cancelled: "Cancelled",
};

export function ArchiveBounties({ bounties }: { bounties: Bounty[] }) {
  if (bounties.length === 0) return <p className="empty-state">No bounties were archived.</p>;
  return (
    <div className="card-grid">
      {bounties.map((bounty) => (
        <article
          key={bounty._id}
          className={bounty.crossedOut ? "card archive-bounty crossed-out" : "card archive-bounty"}
          aria-label={bounty.title}
        >
          <header className="archive-bounty-head">
            <h3>{bounty.title}</h3>
            <span className={`badge badge-${bounty.status}`}>{statusLabel[bounty.status]}</span>
          </header>
          <p className="muted small">
            Posted {formatDate(bounty.createdAt)}
            {bounty.crossedOut && " · crossed out by the instructor"}
          </p>
          <p className="archive-description">{bounty.description}</p>
          <p>
            Reward: <strong>{bounty.reward.toLocaleString("en-US")} CC</strong>
          </p>
          {(bounty.completedBy || bounty.completedAt) && (
            <p className="small">
              Completed{bounty.completedBy ? ` by ${who(bounty.completedBy)}` : ""}
              {bounty.completedAt ? ` on ${formatDate(bounty.completedAt)}` : ""}
            </p>
          )}
        </article>
      ))}
    </div>
  );
}

/** The instructor may record a wallet or a name; a wallet is shortened for reading. */
const who = (completedBy: string) =>
  /^0x[0-9a-fA-F]{40}$/.test(completedBy) ? shortAddress(completedBy) : completedBy;
