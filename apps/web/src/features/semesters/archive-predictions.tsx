/**
 * The predictions as archived: per project its status, every prediction and, once closed, who was right. A
 * round still open when the class was archived (and not yet moved on) has its predictions left out, as the
 * live page keeps them private until the round closes.
 */
import type { ArchivedPredictionRound } from "@classcoin/shared/semesters";
import { countOf } from "./format";

const statusLabel = { not_open: "Never opened", open: "Open when archived", closed: "Closed" } as const;

export function ArchivePredictions({ rounds }: { rounds: ArchivedPredictionRound[] }) {
  if (rounds.length === 0) return <p className="empty-state">No predictions were archived.</p>;
  return (
    <div className="archive-rounds">
      {rounds.map((round) => (
        <section
          key={round.projectNumber}
          className="card archive-round"
          aria-labelledby={`archive-round-${round.projectNumber}`}
        >
          <h3 id={`archive-round-${round.projectNumber}`}>
            Project {round.projectNumber}{" "}
            <span className={round.status === "closed" ? "badge badge-completed" : "badge badge-muted"}>
              {statusLabel[round.status]}
            </span>
          </h3>
          <p className="muted small">
            {round.withheld
              ? "Its predictions stay private: the round was still open."
              : countOf(round.predictions.length, "prediction", "predictions")}
          </p>
          {round.predictions.length > 0 && (
            <ul className="archive-prediction-list">
              {round.predictions.map((p) => (
                <li key={p._id} className="archive-prediction">
                  <span>
                    <strong>{p.predictorName}</strong> predicted "{p.predictedTitle}" by {p.predictedName}
                  </span>
                  {p.correct !== null && (
                    <span className={p.correct ? "badge badge-active" : "badge badge-cancelled"}>
                      {p.correct ? "Right" : "Wrong"}
                    </span>
                  )}
                </li>
              ))}
            </ul>
          )}
        </section>
      ))}
    </div>
  );
}
