/** A few open bounties for the home page. */
import { isActiveBounty } from "@classcoin/shared/bounty-state";
import { Link } from "react-router";
import { useBounties } from "./api/get-bounties";

export function OpenBounties({ limit = 3 }: { limit?: number }) {
  const { data, isLoading, isError } = useBounties();
  const open = (data ?? []).filter(isActiveBounty).slice(0, limit);
  return (
    <section className="card home-panel" aria-labelledby="home-bounties">
      <h2 id="home-bounties">Open bounties</h2>
      {isLoading && <p className="muted">Loading bounties...</p>}
      {isError && !data && <p className="form-error">The bounties could not be loaded. Please reload the page.</p>}
      {data && open.length === 0 && <p className="muted">No open bounties right now.</p>}
      <ul className="plain-list">
        {open.map((b) => (
          <li key={b._id}>
            {/* A no-break space and a no-wrap reward: a narrow line breaks inside the title, never before "·". */}
            <strong>{b.title}</strong>
            {"\u00a0"}
            <span className="muted nowrap">· {b.reward.toLocaleString("en-US")}&nbsp;CC</span>
          </li>
        ))}
      </ul>
      <Link to="/bounties">All bounties</Link>
    </section>
  );
}
