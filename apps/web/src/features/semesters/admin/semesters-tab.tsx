/**
 * Semesters (issue 18): the current semester; "Archive semester" (a name, the preview of what it captures, then
 * the snapshot); "Start new semester" in two steps: the first click shows what will be cleared (with "Also clear
 * the whitelist"), the second clears it. Nothing on chain is touched. Below them, taking something out of a
 * past archive (archive-removal.tsx).
 */
import { messages } from "@classcoin/shared/messages";
import {
  ARCHIVE_NAME_MAX_LENGTH,
  archiveNameSchema,
  type SemesterCleared,
  type SemesterPreview,
} from "@classcoin/shared/semesters";
import { type FormEvent, useId, useState } from "react";
import { Link } from "react-router";
import type { AdminSigner } from "../../../lib/admin/admin-signer";
import { LoadState } from "../../../lib/admin/load-state";
import { useAdminAction } from "../../../lib/admin/use-admin-action";
import { formatDateTime } from "../../../ui/dates";
import { ArchiveCountList } from "../archive-counts";
import { useArchiveSemester } from "./api/archive-semester";
import { useSemesterPreview } from "./api/get-semester-preview";
import { useStartSemester } from "./api/start-semester";
import { ArchiveRemoval } from "./archive-removal";
import { ConfirmStep } from "./confirm-step";
import "../semesters.css";

export function SemestersTab({ signer }: { signer: AdminSigner }) {
  const preview = useSemesterPreview(signer);
  return (
    <div className="semesters-admin">
      <LoadState tab="Semesters" query={preview}>
        {(data) => (
          <>
            <CurrentSemester preview={data} />
            <ArchiveForm preview={data} />
            <StartSemester preview={data} />
            <ArchiveRemoval currentArchiveId={data.archiveId} />
          </>
        )}
      </LoadState>
    </div>
  );
}

function CurrentSemester({ preview }: { preview: SemesterPreview }) {
  const { semester, archivedSinceStart } = preview;
  return (
    <section className="card" aria-labelledby="semester-current-title">
      <h2 id="semester-current-title">
        Current semester{" "}
        <span
          className={archivedSinceStart ? "badge badge-active" : "badge badge-cancelled"}
          data-testid="semester-archived"
        >
          {archivedSinceStart ? "Archived" : "Not archived yet"}
        </span>
      </h2>
      <p className="muted">
        Started {formatDateTime(semester.startedAt)}; the live explorer shows transfers from block{" "}
        {semester.startBlock.toLocaleString("en-US")} on.
        {semester.name && archivedSinceStart && <> Archived as "{semester.name}".</>} Past semesters are at{" "}
        <Link to="/archive">the archive</Link>.
      </p>
    </section>
  );
}

function ArchiveForm({ preview }: { preview: SemesterPreview }) {
  const archive = useArchiveSemester();
  const act = useAdminAction();
  const ids = { name: useId(), error: useId(), title: useId() };
  const [name, setName] = useState("");
  const [error, setError] = useState<string | null>(null);
  // Archiving again replaces the semester's archive: asked first, as the other two irreversible actions are.
  const [confirming, setConfirming] = useState(false);

  const run = async (archiveName: string) => {
    const done = await act(
      () => archive.mutateAsync({ name: archiveName }),
      (result) => result.message || messages.semester.archived(result.archive.name),
    );
    setConfirming(false);
    if (done) setName("");
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = archiveNameSchema.safeParse(name);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? messages.semester.nameRequired);
      return;
    }
    setError(null);
    if (preview.archivedSinceStart) setConfirming(true);
    else void run(parsed.data);
  };

  return (
    <form className="card semester-archive" onSubmit={submit} noValidate aria-labelledby={ids.title}>
      <h2 id={ids.title}>Archive semester</h2>
      <p className="muted">
        Saves a read-only copy at /archive: the active profiles, project submissions with their images, visible posts
        with their comments, the explorer's transactions, bounties, predictions and the leaderboard.
        {preview.archivedSinceStart && " Archiving again replaces this semester's archive."}
      </p>
      <h3 className="semester-subtitle">It will capture</h3>
      <ArchiveCountList counts={preview.counts} label="What the archive will capture" />
      <fieldset disabled={archive.isPending || confirming}>
        <div className="field">
          <label htmlFor={ids.name}>Archive name</label>
          <input
            id={ids.name}
            type="text"
            value={name}
            maxLength={ARCHIVE_NAME_MAX_LENGTH * 2}
            placeholder="e.g. Spring 2026"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? ids.error : undefined}
            onChange={(event) => setName(event.target.value)}
          />
          {error && (
            <p id={ids.error} className="field-error" role="alert">
              {error}
            </p>
          )}
        </div>
        {!confirming && (
          <button type="submit" className="button">
            {archive.isPending ? "Archiving..." : "Archive semester"}
          </button>
        )}
      </fieldset>
      {confirming && (
        <ConfirmStep
          label="Confirm replacing the archive"
          pending={archive.isPending}
          yes={archive.isPending ? "Archiving..." : "Yes, replace the archive"}
          onYes={() => run(archiveNameSchema.parse(name))}
          onCancel={() => setConfirming(false)}
        >
          <p>
            <strong>{messages.semester.replaceConfirm(preview.semester.name ?? "")}</strong>
          </p>
        </ConfirmStep>
      )}
    </form>
  );
}

function StartSemester({ preview }: { preview: SemesterPreview }) {
  const start = useStartSemester();
  const act = useAdminAction();
  const checkboxId = useId();
  const [confirming, setConfirming] = useState(false);
  const [clearWhitelist, setClearWhitelist] = useState(false);
  const [cleared, setCleared] = useState<SemesterCleared | null>(null);
  const blocked = !preview.archivedSinceStart;

  const run = async () => {
    const done = await act(
      () => start.mutateAsync({ clearWhitelist }),
      (result) => result.message || messages.semester.started,
    );
    if (done) {
      setCleared(done.cleared);
      setConfirming(false);
      setClearWhitelist(false);
    }
  };

  return (
    <section className="card semester-start" aria-labelledby="semester-start-title">
      <h2 id="semester-start-title">Start new semester</h2>
      <p className="muted">
        Clears the profiles (except yours), posts, comments, projects, tips, predictions, Feed posts and notifications.
        Bounties and the whitelist stay. Nothing on the chain changes: balances stay, and the live explorer starts from
        the new semester's first block.
      </p>
      {blocked && (
        <p className="notice" data-testid="archive-first">
          {messages.semester.archiveFirst}
        </p>
      )}
      {!confirming ? (
        <button
          type="button"
          className="button danger"
          disabled={blocked}
          onClick={() => {
            setCleared(null);
            setConfirming(true);
          }}
        >
          Start new semester
        </button>
      ) : (
        <ConfirmStep
          label="Confirm new semester"
          pending={start.isPending}
          danger
          yes={start.isPending ? "Starting..." : "Yes, start new semester"}
          onYes={run}
          onCancel={() => setConfirming(false)}
        >
          <p>
            <strong>{messages.semester.startConfirm}</strong>
          </p>
          <p>{messages.semester.startConfirmAgain}</p>
          <label className="checkbox-row" htmlFor={checkboxId}>
            <input
              id={checkboxId}
              type="checkbox"
              checked={clearWhitelist}
              onChange={(event) => setClearWhitelist(event.target.checked)}
            />
            Also clear the whitelist
          </label>
        </ConfirmStep>
      )}
      {cleared && (
        <p className="semester-result" role="status" data-testid="semester-cleared">
          {messages.semester.started}. Cleared {clearedSummary(cleared)}.
        </p>
      )}
    </section>
  );
}

function clearedSummary(c: SemesterCleared): string {
  const parts: [number, string, string][] = [
    [c.profiles, "profile", "profiles"],
    [c.posts, "post", "posts"],
    [c.comments, "comment", "comments"],
    [c.projects, "project", "projects"],
    [c.tips, "tip", "tips"],
    [c.predictions, "prediction", "predictions"],
    [c.feedPosts, "Feed post", "Feed posts"],
    [c.notifications, "notification", "notifications"],
    [c.whitelist, "whitelisted wallet", "whitelisted wallets"],
  ];
  return parts.map(([n, one, many]) => `${n.toLocaleString("en-US")} ${n === 1 ? one : many}`).join(", ");
}
