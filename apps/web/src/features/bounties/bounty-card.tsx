import type { Bounty } from "@classcoin/shared/entities";
import { messages } from "@classcoin/shared/messages";
import { formatDate } from "../../ui/dates";
import { useLanding } from "../../ui/landing";
import { shortAddress } from "../../ui/short-address";

const statusLabel: Record<Bounty["status"], string> = {
  active: "Active",
  completed: "Completed",
  cancelled: "Cancelled",
};

/** `landed`: a link named this bounty (a notification's `?bounty=`): it is scrolled to, focused and ringed. */
export function BountyCard({ bounty, landed = false }: { bounty: Bounty; landed?: boolean }) {
  const { ref, props: landedProps } = useLanding<HTMLElement>(landed);
  // The instructor completed it and its reward is not mined yet (a slow block): taken, not up for claiming.
  const paying = bounty.status === "active" && Boolean(bounty.rewardTxHash);
  const unclaimed = bounty.status === "active" && !bounty.completedBy && !bounty.crossedOut && !paying;
  return (
    <article
      ref={ref}
      id={`bounty-${bounty._id}`}
      className={bounty.crossedOut ? "card bounty-card crossed-out" : "card bounty-card"}
      {...landedProps}
    >
      <header className="bounty-head">
        <h3>{bounty.title}</h3>
        {paying ? (
          <span className="badge badge-completed">Being paid</span>
        ) : (
          <span className={`badge badge-${bounty.status}`}>{statusLabel[bounty.status]}</span>
        )}
      </header>
      <p className="muted small">
        Posted {formatDate(bounty.createdAt)}
        {bounty.crossedOut && <span className="crossed-note"> · crossed out by the instructor</span>}
      </p>
      <p className="bounty-description">{bounty.description}</p>
      <p className="bounty-reward">
        Reward: <strong>{bounty.reward.toLocaleString("en-US")} CC</strong>
      </p>
      {(bounty.completedBy || bounty.completedAt) && (
        <p className="bounty-completed">
          Completed{bounty.completedBy ? ` by ${who(bounty.completedBy)}` : ""}
          {bounty.completedAt ? ` on ${formatDate(bounty.completedAt)}` : ""}
        </p>
      )}
      {paying && bounty.rewardTxHash && (
        <p className="hint">{messages.treasury.bountyRewardPaying(shortAddress(bounty.rewardTxHash))}</p>
      )}
      {unclaimed && <p className="hint">Want to take this on? Contact your instructor to claim this bounty.</p>}
    </article>
  );
}

/** The instructor may record a wallet or a name; a wallet is shortened for reading. */
const who = (completedBy: string) =>
  /^0x[0-9a-fA-F]{40}$/.test(completedBy) ? shortAddress(completedBy) : completedBy;
