/** The connected student's own submission for the chosen project: a view with Edit Submission, or the form. */
import { PRODUCT_SYMBOL } from "@classcoin/shared/constants";
import type { Project } from "@classcoin/shared/entities";
import { messages } from "@classcoin/shared/messages";
import { useState } from "react";
import { Link } from "react-router";
import { ArchivedNotice } from "../../wallet/archived-notice";
import { useAccountProfile } from "../../wallet/get-account-profile";
import { useCcBalance } from "../../wallet/use-cc-balance";
import { useWallet } from "../../wallet/use-wallet";
import { useOwnProject } from "./api/get-own-project";
import { ProjectImage } from "./project-image";
import { SubmissionForm } from "./submission-form";

export function OwnSubmission({ projectNumber }: { projectNumber: number }) {
  const { wallet } = useWallet();
  const own = useOwnProject(projectNumber, wallet);
  const { profile, archived, isLoading: profileLoading } = useAccountProfile();
  const balance = useCcBalance();
  const [editing, setEditing] = useState(false);

  if (!wallet) return null;
  if (own.isLoading || profileLoading || balance.amount === undefined)
    return <p className="muted">Checking your submission…</p>;
  if (own.isError) return <p className="form-error">Could not load your submission: {own.error.message}</p>;
  const project = own.data ?? null;

  if (archived) {
    return (
      <section className="card own-submission" aria-label="Your submission">
        <h2>Your submission for Project {projectNumber}</h2>
        <ArchivedNotice doing="You cannot submit or edit projects until it is restored." />
      </section>
    );
  }
  if (project && !editing) return <OwnSubmissionView project={project} onEdit={() => setEditing(true)} />;
  if (!project && (!profile || (balance.amount !== undefined && balance.amount < 1))) {
    return (
      <section className="card own-submission" aria-label="Your submission">
        <h2>Your submission for Project {projectNumber}</h2>
        <p className="notice">
          {messages.project.requirements}
          {!profile && (
            <>
              {" "}
              <Link to="/profiles">Create your profile</Link>
            </>
          )}
        </p>
      </section>
    );
  }
  return (
    <SubmissionForm
      projectNumber={projectNumber}
      project={project}
      hasProfile={!!profile}
      onDone={() => setEditing(false)}
    />
  );
}

function OwnSubmissionView({ project, onEdit }: { project: Project; onEdit: () => void }) {
  return (
    <section className="card own-submission" aria-label="Your submission">
      <h2>Your submission for Project {project.projectNumber}</h2>
      <div className="own-submission-body">
        <ProjectImage image={project.image} title={project.title} />
        <div>
          <h3 data-testid="own-title">{project.title}</h3>
          {project.description && <p className="project-description">{project.description}</p>}
          <p>
            Total received:{" "}
            <strong data-testid="own-total">
              {project.totalReceived.toLocaleString("en-US")} {PRODUCT_SYMBOL}
            </strong>
          </p>
          <button type="button" className="button secondary" onClick={onEdit}>
            Edit Submission
          </button>
        </div>
      </div>
    </section>
  );
}
