/**
 * /archive (issue 18): every archived semester, newest first, each linking to its read-only copy. Open to
 * everyone, no wallet needed.
 */
import type { ArchiveSummary } from "@classcoin/shared/semesters";
import { Link } from "react-router";
import { formatDate } from "../../ui/dates";
import { Spinner } from "../../ui/spinner";
import { useArchives } from "./api/get-archives";
import { countOf } from "./format";
import "./semesters.css";

export function ArchivesPage() {
  const { data, isLoading, isError } = useArchives();
  return (
    <section className="page archives-page">
      <h1>Archive</h1>
      <p className="muted">
        Past semesters, kept read-only as they were when the instructor archived them: profiles, projects, the forum,
        the explorer and the leaderboard.
      </p>
      {isLoading && <Spinner label="Loading the archive" />}
      {isError && <p className="form-error">The archive could not be loaded. Please reload the page.</p>}
      {data && data.length === 0 && (
        <div className="empty-state">
          <h2>No archived semesters yet</h2>
          <p className="muted">When the instructor archives a semester, it appears here.</p>
        </div>
      )}
      {data && data.length > 0 && (
        <ul className="archive-list" data-testid="archive-list">
          {data.map((archive) => (
            <li key={archive._id}>
              <ArchiveCard archive={archive} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function ArchiveCard({ archive }: { archive: ArchiveSummary }) {
  const { counts } = archive;
  return (
    <article className="card archive-card" aria-labelledby={`archive-${archive._id}`}>
      <h2 id={`archive-${archive._id}`}>
        <Link to={`/archive/${archive._id}`}>{archive.name}</Link>
      </h2>
      <p className="muted small">
        Started {formatDate(archive.startedAt)} · archived {formatDate(archive.createdAt)}
      </p>
      <p className="archive-card-counts">
        {[
          countOf(counts.profiles, "profile", "profiles"),
          countOf(counts.projectSubmissions, "submission", "submissions"),
          countOf(counts.posts, "post", "posts"),
          countOf(counts.comments, "comment", "comments"),
          countOf(counts.transactions, "transaction", "transactions"),
        ].join(" · ")}
      </p>
    </article>
  );
}
