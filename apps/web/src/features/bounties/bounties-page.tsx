/**
 * /bounties (spec §2): open to everyone; the wallet strip shows who is connected and their balance.
 * `?bounty=7` (a notification's link) lands on that bounty, or says it is no longer listed.
 */
import { isActiveBounty } from "@classcoin/shared/bounty-state";
import { messages } from "@classcoin/shared/messages";
import { useSearchParams } from "react-router";
import { idParam, LandingNotice } from "../../ui/landing";
import { UserStrip } from "../../wallet/user-strip";
import { useBounties } from "./api/get-bounties";
import { BountyCard } from "./bounty-card";
import "./bounties.css";

export function BountiesPage() {
  const { data: bounties, isLoading, isError } = useBounties();
  // One definition for the count, this list and the home page's: on offer (shared/bounty-state.ts).
  const active = bounties?.filter(isActiveBounty) ?? [];
  const others = bounties?.filter((b) => !isActiveBounty(b)) ?? [];
  const [params] = useSearchParams();
  const landOn = idParam(params.get("bounty"));
  return (
    <section className="page">
      <div className="page-head">
        <h1>Bounties</h1>
        {bounties && (
          <span className="count-label" data-testid="active-count">
            {active.length === 1 ? "1 active bounty" : `${active.length} active bounties`}
          </span>
        )}
      </div>
      <UserStrip prompt="Connect your wallet to see your ClassCoin balance. Anyone can browse the bounties." />
      <HowBountiesWork />
      {landOn !== null && bounties && !bounties.some((b) => b._id === landOn) && (
        <LandingNotice>{messages.bounties.gone}</LandingNotice>
      )}
      {isLoading && <p className="muted">Loading bounties...</p>}
      {isError && <p className="form-error">The bounties could not be loaded. Please reload the page.</p>}
      {bounties && active.length === 0 && (
        <div className="empty-state">
          <h2>{messages.bounties.empty}</h2>
          <p className="muted">New bounties from your instructor will appear here.</p>
        </div>
      )}
      {active.length > 0 && (
        <>
          {/* The cards' titles are h3: without this h2 a screen reader's outline jumps from the page to them. */}
          <h2 className="visually-hidden">Open bounties</h2>
          <div className="card-grid">
            {active.map((b) => (
              <BountyCard key={b._id} bounty={b} landed={b._id === landOn} />
            ))}
          </div>
        </>
      )}
      {others.length > 0 && (
        <>
          <h2 className="section-title">Being paid, completed, cancelled and crossed out</h2>
          <div className="card-grid">
            {others.map((b) => (
              <BountyCard key={b._id} bounty={b} landed={b._id === landOn} />
            ))}
          </div>
        </>
      )}
    </section>
  );
}

function HowBountiesWork() {
  return (
    <details className="explainer">
      <summary>How bounties work</summary>
      <ol>
        <li>Your instructor posts a bounty: a task with a reward in ClassCoin (CC).</li>
        <li>Pick an active bounty and contact your instructor to claim it; claiming happens offline.</li>
        <li>Do the work. When the instructor accepts it, the bounty is marked completed with your name.</li>
        <li>The reward is sent to your wallet in CC.</li>
      </ol>
    </details>
  );
}
