/** Predictions: per project 2–4 its status with Open or Close, and every prediction (the admin sees them all). */
import { adminSuccessMessages } from "@classcoin/shared/admin";
import type { AdminPredictionRound } from "@classcoin/shared/predictions";
import type { AdminSigner } from "../../../lib/admin/admin-signer";
import { LoadState } from "../../../lib/admin/load-state";
import { useAdminAction } from "../../../lib/admin/use-admin-action";
import { useAdminRounds } from "./api/get-admin-rounds";
import { useSetRound } from "./api/set-round";
import "../predictions.css";

const statusLabel = { not_open: "Not opened", open: "Open", closed: "Closed" } as const;

export function PredictionsTab({ signer }: { signer: AdminSigner }) {
  const query = useAdminRounds(signer);
  return (
    <LoadState tab="Predictions" query={query}>
      {(rounds) => (
        <ul className="admin-list">
          {rounds.map((round) => (
            <li key={round.projectNumber} className="card admin-row" data-testid="admin-prediction-round">
              <RoundRow round={round} />
            </li>
          ))}
        </ul>
      )}
    </LoadState>
  );
}

function RoundRow({ round }: { round: AdminPredictionRound }) {
  const setRound = useSetRound();
  const act = useAdminAction();
  const open = round.status === "open";
  const busy = setRound.isPending && setRound.variables?.projectNumber === round.projectNumber;
  return (
    <>
      <div className="admin-row-main prediction-round">
        <span>
          <strong>Project {round.projectNumber}</strong>{" "}
          <span className={open ? "badge badge-active" : "badge badge-cancelled"}>{statusLabel[round.status]}</span>
          <span className="muted small">
            {" "}
            · {round.count} {round.count === 1 ? "prediction" : "predictions"}
          </span>
        </span>
        {round.predictions.length > 0 && (
          <ul className="prediction-results">
            {round.predictions.map((p) => (
              <li key={p._id} className="prediction-result">
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
      </div>
      <button
        type="button"
        className={open ? "button small secondary" : "button small"}
        disabled={busy}
        onClick={() =>
          void act(
            () => setRound.mutateAsync({ projectNumber: round.projectNumber, open: !open }),
            () => adminSuccessMessages.predictionsOpen(round.projectNumber, !open),
          )
        }
      >
        {open
          ? `Close predictions for Project ${round.projectNumber}`
          : `Open predictions for Project ${round.projectNumber}`}
      </button>
    </>
  );
}
