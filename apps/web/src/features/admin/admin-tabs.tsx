/** The admin tabs (an ARIA tablist; the chosen tab is kept in the URL as `?tab=`). */
import { type KeyboardEvent, useId, useRef } from "react";
import { useSearchParams } from "react-router";
import type { AdminSigner } from "./api/admin-request";
import { BountiesTab } from "./bounties-tab";
import { DashboardTab } from "./dashboard-tab";
import { DeployTab } from "./deploy-tab";
import { PostsTab } from "./posts-tab";
import { ProfilesTab } from "./profiles-tab";
import { ProjectsTab } from "./projects-tab";
import { WhitelistTab } from "./whitelist-tab";

const tabs = [
  { id: "dashboard", label: "Dashboard", Panel: DashboardTab },
  { id: "profiles", label: "Profiles", Panel: ProfilesTab },
  { id: "posts", label: "Posts", Panel: PostsTab },
  { id: "projects", label: "Projects", Panel: ProjectsTab },
  { id: "bounties", label: "Bounties", Panel: BountiesTab },
  { id: "whitelist", label: "Whitelist", Panel: WhitelistTab },
  { id: "deploy", label: "Deploy ClassCoin", Panel: DeployTab },
] as const;

export function AdminTabs({ signer }: { signer: AdminSigner }) {
  const [params, setParams] = useSearchParams();
  const baseId = useId();
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const index = Math.max(
    0,
    tabs.findIndex((t) => t.id === params.get("tab")),
  );
  const current = tabs[index] ?? tabs[0];
  const select = (i: number) => setParams(i === 0 ? {} : { tab: tabs[i]?.id ?? "dashboard" }, { replace: true });

  const onKeyDown = (event: KeyboardEvent) => {
    const moves: Record<string, number> = {
      ArrowRight: (index + 1) % tabs.length,
      ArrowLeft: (index - 1 + tabs.length) % tabs.length,
      Home: 0,
      End: tabs.length - 1,
    };
    const next = moves[event.key];
    if (next === undefined) return;
    event.preventDefault();
    select(next);
    buttons.current[next]?.focus();
  };

  const { Panel } = current;
  return (
    <div className="admin-tabs">
      <div role="tablist" aria-label="Admin sections" className="tablist" onKeyDown={onKeyDown}>
        {tabs.map((tab, i) => (
          <button
            key={tab.id}
            ref={(el) => {
              buttons.current[i] = el;
            }}
            type="button"
            role="tab"
            id={`${baseId}-tab-${tab.id}`}
            aria-selected={i === index}
            aria-controls={`${baseId}-panel`}
            tabIndex={i === index ? 0 : -1}
            className="tab"
            onClick={() => select(i)}
          >
            {tab.label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${baseId}-panel`} aria-labelledby={`${baseId}-tab-${current.id}`} className="tabpanel">
        <Panel key={current.id} signer={signer} />
      </div>
    </div>
  );
}
