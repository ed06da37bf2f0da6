/** The archived project submissions, by project: image, title, author, description, CC received (no tipping). */
import { PROJECT_NUMBERS } from "@classcoin/shared/constants";
import { endpointUrl } from "@classcoin/shared/endpoint";
import { imageEndpoints } from "@classcoin/shared/endpoints/images";
import type { ArchivedProject } from "@classcoin/shared/semesters";
import { Avatar } from "../../ui/avatar";
import { useWalletSetup } from "../../wallet/wallet-context";
import { formatCc } from "./format";

export function ArchiveProjects({ projects }: { projects: ArchivedProject[] }) {
  const { config } = useWalletSetup();
  if (projects.length === 0) return <p className="empty-state">No project submissions were archived.</p>;
  return (
    <>
      {PROJECT_NUMBERS.map((n) => {
        const submissions = projects.filter((p) => p.projectNumber === n);
        return (
          <section key={n} className="archive-project-group" aria-labelledby={`archive-project-${n}`}>
            <h3 id={`archive-project-${n}`}>Project {n}</h3>
            {submissions.length === 0 ? (
              <p className="muted">No submissions for Project {n}.</p>
            ) : (
              <div className="card-grid">
                {submissions.map((project) => (
                  <article
                    key={project._id}
                    className="card archive-submission"
                    aria-label={`${project.title} by ${project.authorName}`}
                    data-testid="archived-project"
                  >
                    <header className="archive-author">
                      <Avatar
                        photo={project.authorPhoto}
                        wallet={project.authorWallet}
                        name={project.authorName}
                        size={32}
                      />
                      <strong>{project.authorName}</strong>
                    </header>
                    <img
                      className="archive-project-image"
                      src={endpointUrl(imageEndpoints.projectImage.path, { file: project.image })}
                      alt={project.title}
                      loading="lazy"
                      decoding="async"
                    />
                    <h4>{project.title}</h4>
                    {project.description && <p className="archive-description">{project.description}</p>}
                    <p className="archive-received">
                      Received: <strong>{formatCc(project.totalReceived, config.productSymbol)}</strong>
                    </p>
                  </article>
                ))}
              </div>
            )}
          </section>
        );
      })}
    </>
  );
}
