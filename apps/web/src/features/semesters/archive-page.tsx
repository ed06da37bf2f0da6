/**
 * /archive/:archiveId (issue 18): one archived semester, read-only, in sections chosen by buttons (kept in the
 * URL as `?section=`): profiles, projects (with their images), the forum (posts with comments and replies), the
 * explorer (archived transactions, paged), the leaderboard, bounties and predictions. No votes, tips or other
 * writes; it needs no wallet and reads the archive, so it works after the semester's profiles are gone.
 */
import { messages } from "@classcoin/shared/messages";
import type { Archive } from "@classcoin/shared/semesters";
import { Link, useParams, useSearchParams } from "react-router";
import { formatDate } from "../../ui/dates";
import { Spinner } from "../../ui/spinner";
import { useArchive } from "./api/get-archive";
import { ArchiveBounties } from "./archive-bounties";
import { ArchiveCountList } from "./archive-counts";
import { ArchiveExplorer } from "./archive-explorer";
import { ArchiveForum } from "./archive-forum";
import { ArchiveLeaderboard } from "./archive-leaderboard";
import { ArchivePredictions } from "./archive-predictions";
import { ArchiveProfiles } from "./archive-profiles";
import { ArchiveProjects } from "./archive-projects";
import "./semesters.css";

const sections = [
  { id: "profiles", label: "Profiles" },
  { id: "projects", label: "Projects" },
  { id: "forum", label: "Forum" },
  { id: "explorer", label: "Explorer" },
  { id: "leaderboard", label: "Leaderboard" },
  { id: "bounties", label: "Bounties" },
  { id: "predictions", label: "Predictions" },
] as const;
type SectionId = (typeof sections)[number]["id"];

export function ArchivePage() {
  const { archiveId = "" } = useParams();
  const { data, isLoading, isError } = useArchive(archiveId);
  return (
    <section className="page archive-page">
      <p className="archive-back">
        <Link to="/archive">← All archives</Link>
      </p>
      {isLoading && <Spinner label="Loading the archive" />}
      {isError && <p className="form-error">The archive could not be loaded. Please reload the page.</p>}
      {data === null && (
        <div className="empty-state">
          <h1>{messages.semester.archiveNotFound}</h1>
          <p className="muted">
            It may have been replaced. See <Link to="/archive">every archive</Link>.
          </p>
        </div>
      )}
      {data && <ArchiveView archive={data} />}
    </section>
  );
}

function ArchiveView({ archive }: { archive: Archive }) {
  const [params, setParams] = useSearchParams();
  const current: SectionId = sections.find((s) => s.id === params.get("section"))?.id ?? "profiles";
  const select = (id: SectionId) => setParams(id === "profiles" ? {} : { section: id }, { replace: true });
  const label = sections.find((s) => s.id === current)?.label ?? "";
  return (
    <>
      <header className="archive-head">
        <h1>{archive.name}</h1>
        <p className="muted">
          <span className="badge badge-completed">Read-only archive</span> The semester from{" "}
          {formatDate(archive.startedAt)} to {formatDate(archive.createdAt)}, as it was when archived (blocks{" "}
          {archive.startBlock.toLocaleString("en-US")}–{archive.endBlock.toLocaleString("en-US")}).
        </p>
      </header>
      <ArchiveCountList counts={archive.counts} label="What this archive holds" />
      <nav className="archive-sections" aria-label="Archive sections">
        {sections.map((s) => (
          <button
            key={s.id}
            type="button"
            className={s.id === current ? "button small" : "button secondary small"}
            aria-pressed={s.id === current}
            onClick={() => select(s.id)}
          >
            {s.label}
          </button>
        ))}
      </nav>
      <section className="archive-section" aria-label={label} data-testid={`archive-${current}`}>
        <h2>{label}</h2>
        <Section id={current} archive={archive} />
      </section>
    </>
  );
}

function Section({ id, archive }: { id: SectionId; archive: Archive }) {
  switch (id) {
    case "profiles":
      return <ArchiveProfiles profiles={archive.profiles} />;
    case "projects":
      return <ArchiveProjects projects={archive.projects} />;
    case "forum":
      return <ArchiveForum posts={archive.posts} />;
    case "explorer":
      return <ArchiveExplorer archiveId={archive._id} />;
    case "leaderboard":
      return <ArchiveLeaderboard board={archive.leaderboard} />;
    case "bounties":
      return <ArchiveBounties bounties={archive.bounties} />;
    case "predictions":
      return <ArchivePredictions rounds={archive.predictions} />;
  }
}
