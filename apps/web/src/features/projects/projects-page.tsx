/**
 * /projects (spec §2): the selector of projects 1–4 (kept in the URL as `?n=2`, so a view can be shared),
 * the connected student's own submission (view or form), and every submission of the chosen project with a
 * tip box on other people's entries. `&submission=` (a notification's link) lands on that submission.
 */
import { PROJECT_NUMBERS } from "@classcoin/shared/constants";
import type { ReactNode } from "react";
import { useSearchParams } from "react-router";
import { idParam } from "../../ui/landing";
import { UserStrip } from "../../wallet/user-strip";
import { OwnSubmission } from "./own-submission";
import { SubmissionGrid } from "./submission-grid";
import "./projects.css";

function projectNumberOf(value: string | null): number {
  const n = Number(value);
  return (PROJECT_NUMBERS as readonly number[]).includes(n) ? n : PROJECT_NUMBERS[0];
}

/** `renderExtras`: more about the chosen project (the predictions, composed by app/ from their feature). */
export function ProjectsPage({ renderExtras }: { renderExtras?: (projectNumber: number) => ReactNode } = {}) {
  const [params, setParams] = useSearchParams();
  const projectNumber = projectNumberOf(params.get("n"));
  return (
    <section className="page projects-page">
      <div className="page-head">
        <h1>Projects</h1>
      </div>
      <UserStrip prompt="Connect your wallet to submit your art and tip your classmates' projects." />
      <nav className="project-selector" aria-label="Choose a project">
        {PROJECT_NUMBERS.map((n) => (
          <button
            key={n}
            type="button"
            className={n === projectNumber ? "button" : "button secondary"}
            aria-pressed={n === projectNumber}
            onClick={() => setParams({ n: String(n) })}
          >
            Project {n}
          </button>
        ))}
      </nav>
      {/* A key of its own among the siblings: the extras are keyed by the project too, and two siblings with one
          key left the form of every project visited on the page. */}
      <OwnSubmission key={`own-${projectNumber}`} projectNumber={projectNumber} />
      {renderExtras?.(projectNumber)}
      <SubmissionGrid projectNumber={projectNumber} landOn={idParam(params.get("submission"))} />
    </section>
  );
}
