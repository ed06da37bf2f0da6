/**
 * Every active submission of the chosen project: author, image, title, description, total received. `landOn`:
 * the submission a link named (a notification's `&submission=`), found in the pages and landed on, or a
 * notice when it is no longer shown.
 */
import { PRODUCT_SYMBOL } from "@classcoin/shared/constants";
import type { Project } from "@classcoin/shared/entities";
import { messages } from "@classcoin/shared/messages";
import { Avatar } from "../../ui/avatar";
import { LandingNotice, useFindInPages, useLanding } from "../../ui/landing";
import { LoadMore } from "../../ui/load-more";
import { Spinner } from "../../ui/spinner";
import { useWallet } from "../../wallet/use-wallet";
import { GASLESS_TIP_REASON_ID, useGaslessTipBlock } from "./api/gasless-tip";
import { useProjects } from "./api/get-projects";
import type { PendingTip } from "./api/pending-tips";
import { useResumePendingTips } from "./api/resume-pending-tips";
import { ProjectImage } from "./project-image";
import { TipForm } from "./tip-form";

export function SubmissionGrid({ projectNumber, landOn = null }: { projectNumber: number; landOn?: string | null }) {
  const { wallet } = useWallet();
  // A tip sent before the page was reloaded, its transfer mined since (or soon): recorded now.
  const resumed = useResumePendingTips(wallet);
  // Said once above the cards; each card's Send is disabled and points here.
  const gaslessBlock = useGaslessTipBlock();
  const { data, isLoading, isError, error, hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage } =
    useProjects(projectNumber);
  const submissions = data?.pages.flatMap((page) => page.items) ?? [];
  const { gone } = useFindInPages({
    target: landOn,
    ids: data ? submissions.map((p) => p._id) : undefined,
    hasNextPage,
    isFetchingNextPage,
    isFetchNextPageError,
    fetchNextPage,
  });
  return (
    <section aria-labelledby="submissions-title">
      <h2 id="submissions-title" className="section-title">
        Submissions for Project {projectNumber}
      </h2>
      {gone && <LandingNotice>{messages.project.gone}</LandingNotice>}
      {gaslessBlock && (
        <p className="notice small" role="status" id={GASLESS_TIP_REASON_ID} data-testid="tip-gasless-unavailable">
          {gaslessBlock}
        </p>
      )}
      {isLoading ? (
        <Spinner label="Loading submissions" />
      ) : isError && !data ? (
        <p className="form-error">Could not load the submissions: {error.message}</p>
      ) : !submissions.length ? (
        <div className="empty-state">
          <h3>No submissions yet</h3>
          <p className="muted">Be the first to submit your work for Project {projectNumber}.</p>
        </div>
      ) : (
        <>
          <div className="card-grid submissions">
            {submissions.map((project) => (
              <SubmissionCard
                key={project._id}
                project={project}
                own={project.authorWallet.toLowerCase() === wallet}
                resumed={resumed.find((tip) => tip.projectId === project._id)}
                landed={project._id === landOn}
              />
            ))}
          </div>
          <LoadMore
            hasMore={hasNextPage}
            loading={isFetchingNextPage}
            onLoad={() => void fetchNextPage()}
            noun="submissions"
            shown={submissions.length}
          />
          {/* A later page (or a reload) failed: the cards shown stay, and Load more tries again. */}
          {isError && <p className="form-error">Some submissions could not be loaded: {error?.message}</p>}
        </>
      )}
    </section>
  );
}

function SubmissionCard({
  project,
  own,
  resumed,
  landed,
}: {
  project: Project;
  own: boolean;
  resumed?: PendingTip;
  landed: boolean;
}) {
  const { wallet } = useWallet();
  const { ref, props: landedProps } = useLanding<HTMLElement>(landed);
  return (
    <article
      ref={ref}
      id={`submission-${project._id}`}
      className="card submission-card"
      aria-label={`${project.title} by ${project.authorName}`}
      {...landedProps}
    >
      <header className="submission-author">
        <Avatar photo={project.authorPhoto} wallet={project.authorWallet} name={project.authorName} size={32} />
        <strong>{project.authorName}</strong>
        {own && <span className="badge badge-completed">Yours</span>}
      </header>
      <ProjectImage image={project.image} title={project.title} />
      <h3>{project.title}</h3>
      {project.description && <p className="project-description">{project.description}</p>}
      <p className="submission-total">
        Received:{" "}
        <strong data-testid="received">
          {project.totalReceived.toLocaleString("en-US")} {PRODUCT_SYMBOL}
        </strong>
      </p>
      {wallet && !own && <TipForm project={project} resumed={resumed} />}
    </article>
  );
}
