/**
 * Predictions on /projects for projects 2–4 (app/ puts this panel in the projects page): while the admin has
 * them open, a student with a profile predicts once which classmate's submission will receive the most CC
 * (confirmed first: it cannot be changed); once closed, everyone sees every prediction and who was right.
 */
import { messages } from "@classcoin/shared/messages";
import {
  PREDICTION_PROJECTS,
  type Prediction,
  type PredictionCandidate,
  type PredictionRound,
} from "@classcoin/shared/predictions";
import { type FormEvent, type ReactNode, useId, useState } from "react";
import { Link } from "react-router";
import { useAlert } from "../../ui/alerts";
import { ConfirmDialog } from "../../ui/confirm-dialog";
import { ArchivedNotice } from "../../wallet/archived-notice";
import { useAccountProfile } from "../../wallet/get-account-profile";
import { useWallet } from "../../wallet/use-wallet";
import { useWalletSetup } from "../../wallet/wallet-context";
import { useRound } from "./api/get-round";
import { useMakePrediction } from "./api/make-prediction";
import { predictionErrorText } from "./prediction-errors";
import "./predictions.css";

export function PredictionsPanel({ projectNumber }: { projectNumber: number }) {
  if (!(PREDICTION_PROJECTS as readonly number[]).includes(projectNumber)) return null;
  return <Panel projectNumber={projectNumber} />;
}

function Panel({ projectNumber }: { projectNumber: number }) {
  const { data: round, isLoading, isError } = useRound(projectNumber);
  const headingId = useId();
  return (
    <section className="card predictions-panel" aria-labelledby={headingId} data-testid="predictions">
      <h2 id={headingId}>Predictions for Project {projectNumber}</h2>
      {isLoading && <p className="muted">Loading predictions...</p>}
      {isError && <p className="form-error">The predictions could not be loaded. Please reload the page.</p>}
      {round?.status === "not_open" && <p className="muted">{messages.prediction.notOpen(projectNumber)}</p>}
      {round?.status === "open" && <OpenRound round={round} />}
      {round?.status === "closed" && <Results round={round} />}
    </section>
  );
}

const describe = (p: { predictedTitle: string; predictedName: string }) =>
  `"${p.predictedTitle}" by ${p.predictedName}`;

function OpenRound({ round }: { round: PredictionRound }) {
  const { wallet } = useWallet();
  const { profile, archived, isLoading } = useAccountProfile();
  const count = `${round.count} ${round.count === 1 ? "prediction" : "predictions"} made so far; everyone's are shown when predictions close.`;
  let body: ReactNode;
  if (round.mine) {
    body = (
      <p className="prediction-locked" data-testid="my-prediction">
        You predicted {describe(round.mine)}. Predictions cannot be changed.
      </p>
    );
  } else if (!wallet) {
    body = <p className="notice">{messages.prediction.connect}</p>;
  } else if (isLoading) {
    body = <p className="muted">Checking your profile…</p>;
  } else if (!profile && archived) {
    // An archived student keeps their one profile: "Create your profile" led to a page that cannot make one.
    body = <ArchivedNotice doing="You cannot make a prediction until it is restored." />;
  } else if (!profile || profile.archived) {
    body = (
      <p className="notice">
        {messages.prediction.profile}. <Link to="/profiles">Create your profile</Link>
      </p>
    );
  } else {
    body = <PredictForm round={round} wallet={wallet} />;
  }
  return (
    <>
      <p className="muted small">
        Which classmate's submission will receive the most CC? You can predict once. {count}
      </p>
      {body}
    </>
  );
}

function PredictForm({ round, wallet }: { round: PredictionRound; wallet: string }) {
  const { config } = useWalletSetup();
  const alert = useAlert();
  const make = useMakePrediction(round.projectNumber);
  const [choice, setChoice] = useState("");
  const [confirming, setConfirming] = useState<PredictionCandidate | null>(null);
  const [error, setError] = useState("");
  const selectId = useId();
  const options = round.candidates.filter((c) => c.authorWallet.toLowerCase() !== wallet);

  if (options.length === 0) return <p className="muted">No classmate has submitted to this project yet.</p>;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const target = options.find((c) => c.projectId === choice);
    if (!target) {
      setError(messages.prediction.target);
      return;
    }
    setError("");
    setConfirming(target);
  };
  const confirm = () => {
    const target = confirming;
    setConfirming(null);
    if (!target) return;
    make.mutate(target.projectId, {
      onError: (e) => {
        console.error("Prediction failed", e);
        void alert(predictionErrorText(e, config));
      },
    });
  };

  return (
    <form className="prediction-form" onSubmit={submit} noValidate>
      <label htmlFor={selectId}>Your prediction</label>
      <select id={selectId} value={choice} onChange={(e) => setChoice(e.target.value)}>
        {/* Short enough for a phone's select (the longer "Choose a classmate's submission…" was cut). */}
        <option value="">Choose a submission…</option>
        {options.map((c) => (
          <option key={c.projectId} value={c.projectId}>
            {c.title} by {c.authorName}
          </option>
        ))}
      </select>
      <button type="submit" className="button" disabled={make.isPending}>
        {make.isPending ? "Saving…" : "Predict"}
      </button>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      {confirming && (
        <ConfirmDialog
          title="Make your prediction"
          text={messages.prediction.confirm(confirming.title, confirming.authorName)}
          confirmLabel="Predict"
          onConfirm={confirm}
          onCancel={() => setConfirming(null)}
        />
      )}
    </form>
  );
}

function Results({ round }: { round: PredictionRound }) {
  const { config } = useWalletSetup();
  const winners = round.candidates.filter((c) => round.winners.includes(c.projectId));
  return (
    <>
      <p data-testid="prediction-winners">
        {winners.length === 0
          ? "No submission received any CC, so no prediction was right."
          : `Received the most: ${winners
              .map((w) => `"${w.title}" by ${w.authorName} (${w.totalReceived} ${config.productSymbol})`)
              .join(" and ")}.`}
      </p>
      {round.predictions.length === 0 ? (
        <p className="muted">Nobody made a prediction for this project.</p>
      ) : (
        <ul className="prediction-results">
          {round.predictions.map((p) => (
            <ResultRow key={p._id} prediction={p} mine={round.mine?._id === p._id} />
          ))}
        </ul>
      )}
    </>
  );
}

function ResultRow({ prediction: p, mine }: { prediction: Prediction; mine: boolean }) {
  return (
    <li className={mine ? "prediction-result mine" : "prediction-result"} data-testid="prediction-result">
      <span>
        <strong>{p.predictorName}</strong>
        {mine ? " (you)" : ""} predicted {describe(p)}
      </span>
      <span className={p.correct ? "badge badge-active" : "badge badge-cancelled"}>
        {p.correct ? "Right" : "Not this time"}
      </span>
    </li>
  );
}
