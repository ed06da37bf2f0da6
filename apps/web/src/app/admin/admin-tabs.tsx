/**
 * The admin tabs (an ARIA tablist; the chosen tab is kept in the URL as `?tab=`). Each entity's feature holds
 * its own tab; this page only puts them side by side.
 */
import { type KeyboardEvent, useId, useRef } from "react";
import { useSearchParams } from "react-router";
import { DashboardTab } from "../../features/admin/dashboard-tab";
import { DeployTab } from "../../features/admin/deploy-tab";
import { LastDeployRun } from "../../features/admin/last-deploy-run";
import { AwardsTab } from "../../features/awards/awards-tab";
import { BountiesTab } from "../../features/bounties/admin/bounties-tab";
import { CommentsTab } from "../../features/comments/admin/comments-tab";
import { FeedTab } from "../../features/feed/admin/feed-tab";
import { PostsTab } from "../../features/posts/admin/posts-tab";
import { PredictionsTab } from "../../features/predictions/admin/predictions-tab";
import { useAdminProfiles } from "../../features/profiles/admin/api/get-admin-profiles";
import { ProfilesTab } from "../../features/profiles/admin/profiles-tab";
import { ProjectsTab } from "../../features/projects/admin/projects-tab";
import { SemestersTab } from "../../features/semesters/admin/semesters-tab";
import { WhitelistTab } from "../../features/whitelist/whitelist-tab";
import type { AdminSigner } from "../../lib/admin/admin-signer";

/** Deploy counts its recipients from the Profiles tab's list (one cached load), and shows the last run. */
function DeployPanel({ signer }: { signer: AdminSigner }) {
  return (
    <>
      <DeployTab profiles={useAdminProfiles(signer)} />
      <LastDeployRun signer={signer} />
    </>
  );
}

const tabs = [
  { id: "dashboard", label: "Dashboard", Panel: DashboardTab },
  { id: "profiles", label: "Profiles", Panel: ProfilesTab },
  { id: "posts", label: "Posts", Panel: PostsTab },
  { id: "comments", label: "Comments", Panel: CommentsTab },
  { id: "feed", label: "Feed", Panel: FeedTab },
  { id: "projects", label: "Projects", Panel: ProjectsTab },
  { id: "predictions", label: "Predictions", Panel: PredictionsTab },
  { id: "bounties", label: "Bounties", Panel: BountiesTab },
  { id: "awards", label: "Awards", Panel: AwardsTab },
  { id: "whitelist", label: "Whitelist", Panel: WhitelistTab },
  { id: "deploy", label: "Deploy ClassCoin", Panel: DeployPanel },
  { id: "semesters", label: "Semesters", Panel: SemestersTab },
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
      <div
        role="tabpanel"
        id={`${baseId}-panel`}
        aria-labelledby={`${baseId}-tab-${current.id}`}
        className="tabpanel"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: the ARIA tabs pattern makes the panel focusable: Tab from the Dashboard's tab (no control in its panel) went past it to the footer
        tabIndex={0}
      >
        <Panel key={current.id} signer={signer} />
      </div>
    </div>
  );
}
