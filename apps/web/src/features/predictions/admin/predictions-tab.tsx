/**
 * Predictions: per project 2–4 its status with Open or Close, and every prediction (the admin sees them all).
 * Closing is asked for twice: it shows the results to everyone and a closed round stays closed this semester.
 */
import { adminSuccessMessages } from "@classcoin/shared/admin";
import { messages } from "@classcoin/shared/messages";
import type { AdminPredictionRound } from "@classcoin/shared/predictions";
import { useState } from "react";
import type { AdminSigner } from "../../../lib/admin/admin-signer";
import { LoadState } from "../../../lib/admin/load-state";
import { useAdminAction } from "../../../lib/admin/use-admin-action";
import { ConfirmDialog } from "../../../ui/confirm-dialog";
import { useAdminRounds } from "./api/get-admin-rounds";
import { useSetRound } from "./api/set-round";
import "../predictions.css";

const statusLabel = { not_open: "Not opened", open: "Open", closed: "Closed" } as const;
/** Open green, closed (a finished round) blue, not opened grey: none of them is an error to show in red. */
const statusBadge = { not_open: "badge-not-open", open: "badge-active", closed: "badge-completed" } as const;

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
  const [confirming, setConfirming] = useState(false);
  const open = round.status === "open";
  const busy = setRound.isPending && setRound.variables?.projectNumber === round.projectNumber;
  const change = (next: boolean) =>
    void act(
      () => setRound.mutateAsync({ projectNumber: round.projectNumber, open: next }),
      () => adminSuccessMessages.predictionsOpen(round.projectNumber, next),
    );
  return (
    <>
      <div className="admin-row-main prediction-round">
        <span>
          <strong>Project {round.projectNumber}</strong>{" "}
          <span className={`badge ${statusBadge[round.status]}`}>{statusLabel[round.status]}</span>
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
      {/* In the row's actions: on a phone they take their own line, instead of squeezing the text beside them
          ("Proje / ct 2", the badge under the button). */}
      <div className="admin-row-actions">
        {round.status === "closed" ? (
          <span className="muted small">Results are public; closed for this semester.</span>
        ) : (
          <button
            type="button"
            className={open ? "button small secondary" : "button small"}
            disabled={busy}
            onClick={() => (open ? setConfirming(true) : change(true))}
          >
            {open
              ? `Close predictions for Project ${round.projectNumber}`
              : `Open predictions for Project ${round.projectNumber}`}
          </button>
        )}
      </div>
      {confirming && (
        <ConfirmDialog
          title={`Close predictions for Project ${round.projectNumber}`}
          text={messages.prediction.closeConfirm(round.projectNumber)}
          confirmLabel="Close predictions"
          onCancel={() => setConfirming(false)}
          onConfirm={() => {
            setConfirming(false);
            change(false);
          }}
        />
      )}
    </>
  );
}
