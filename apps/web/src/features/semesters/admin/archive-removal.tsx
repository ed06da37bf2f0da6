/**
 * "Remove from an archive" (Admin → Semesters): an archive is public and read-only, so an insult that was
 * archived with the class, or a student who asks to be removed, needs the instructor. Choose a past semester's
 * archive, then the student, post, comment or submission, then confirm; /archive/:id no longer shows it.
 */
import { messages } from "@classcoin/shared/messages";
import type { Archive, ArchiveRemovalKind } from "@classcoin/shared/semesters";
import { useId, useState } from "react";
import { Link } from "react-router";
import { useAdminAction } from "../../../lib/admin/use-admin-action";
import { useArchive } from "../api/get-archive";
import { useArchives } from "../api/get-archives";
import { useRemoveFromArchive } from "./api/remove-from-archive";
import { ConfirmStep } from "./confirm-step";

interface Choice {
  kind: ArchiveRemovalKind;
  target: string;
  /** How the option and the confirmation name it. */
  label: string;
}

const EXCERPT = 60;
const excerpt = (text: string) => {
  const line = text.replace(/\s+/g, " ").trim();
  return `“${line.length > EXCERPT ? `${line.slice(0, EXCERPT - 1)}…` : line}”`;
};

/** Everything in the archive that can be taken out, grouped as the select shows it. */
function choicesOf(archive: Archive): { group: string; choices: Choice[] }[] {
  const comments = archive.posts.flatMap((post) =>
    post.comments.flatMap((c) => [...(c.removed ? [] : [c]), ...c.replies]),
  );
  return [
    {
      group: "Students",
      choices: archive.profiles.map((p) => ({ kind: "student" as const, target: p.wallet, label: p.name })),
    },
    {
      group: "Posts",
      choices: archive.posts.map((p) => ({
        kind: "post" as const,
        target: p._id,
        label: `${excerpt(p.content)} by ${p.authorName}`,
      })),
    },
    {
      group: "Comments",
      choices: comments.map((c) => ({
        kind: "comment" as const,
        target: c._id,
        label: `${excerpt(c.text)} by ${c.authorName}`,
      })),
    },
    {
      group: "Submissions",
      choices: archive.projects.map((p) => ({
        kind: "submission" as const,
        target: p._id,
        label: `${excerpt(p.title)} (Project ${p.projectNumber}) by ${p.authorName}`,
      })),
    },
  ].filter((g) => g.choices.length > 0);
}

/** `currentArchiveId`: this semester's archive, not offered (it is written again from the live class). */
export function ArchiveRemoval({ currentArchiveId }: { currentArchiveId: string | null }) {
  const archives = useArchives();
  const ids = { archive: useId(), item: useId(), title: useId() };
  const [archiveId, setArchiveId] = useState("");
  const list = (archives.data ?? []).filter((a) => a._id !== currentArchiveId);
  const chosen = list.some((a) => a._id === archiveId) ? archiveId : (list[0]?._id ?? "");

  return (
    <section className="card archive-removal" aria-labelledby={ids.title}>
      <h2 id={ids.title}>Remove from an archive</h2>
      <p className="muted">
        Archives are public. Take out a post, a comment or a submission that should not stay there, or a student who
        asked to be removed (with their posts, comments, submissions and predictions; the explorer then shows their
        wallet instead of their name).
      </p>
      {archives.isLoading && <p className="muted">Loading the archives…</p>}
      {archives.isError && <p className="form-error">The archives could not be loaded. Please reload the page.</p>}
      {currentArchiveId && (
        <p className="muted small" data-testid="current-archive-note">
          This semester's archive is not listed: "Archive semester" and "Start new semester" copy the live class into it
          again. Hide what should not be there on the live pages, then archive again.
        </p>
      )}
      {archives.data && list.length === 0 && <p className="muted">No past semesters' archives yet.</p>}
      {list.length > 0 && (
        <>
          <div className="field">
            <label htmlFor={ids.archive}>Archive</label>
            <select id={ids.archive} value={chosen} onChange={(event) => setArchiveId(event.target.value)}>
              {list.map((a) => (
                <option key={a._id} value={a._id}>
                  {a.name}
                </option>
              ))}
            </select>
          </div>
          {chosen && <RemovalForm key={chosen} archiveId={chosen} selectId={ids.item} />}
        </>
      )}
    </section>
  );
}

function RemovalForm({ archiveId, selectId }: { archiveId: string; selectId: string }) {
  const archive = useArchive(archiveId);
  const remove = useRemoveFromArchive();
  const act = useAdminAction();
  const [value, setValue] = useState("");
  const [confirming, setConfirming] = useState(false);

  if (archive.isLoading) return <p className="muted">Loading the archive…</p>;
  if (!archive.data) return <p className="form-error">The archive could not be loaded. Please reload the page.</p>;
  const data = archive.data;
  const groups = choicesOf(data);
  const all = groups.flatMap((g) => g.choices);
  const choice = all.find((c) => `${c.kind}:${c.target}` === value);
  if (all.length === 0) return <p className="muted">This archive holds nothing that can be removed.</p>;

  const run = async (c: Choice) => {
    const done = await act(
      () => remove.mutateAsync({ archiveId, kind: c.kind, target: c.target }),
      (result) => result.message || messages.semester.removedFromArchive(c.kind),
    );
    setConfirming(false);
    if (done) setValue("");
  };

  return (
    <>
      <fieldset className="archive-removal-pick" disabled={remove.isPending || confirming}>
        <div className="field">
          <label htmlFor={selectId}>What to remove</label>
          <select id={selectId} value={choice ? value : ""} onChange={(event) => setValue(event.target.value)}>
            <option value="">Choose a student, post, comment or submission</option>
            {groups.map((g) => (
              <optgroup key={g.group} label={g.group}>
                {g.choices.map((c) => (
                  <option key={`${c.kind}:${c.target}`} value={`${c.kind}:${c.target}`}>
                    {c.label}
                  </option>
                ))}
              </optgroup>
            ))}
          </select>
        </div>
        {!confirming && (
          <div className="form-actions">
            <button type="button" className="button danger" disabled={!choice} onClick={() => setConfirming(true)}>
              Remove from archive
            </button>
            <Link to={`/archive/${archiveId}`} className="button secondary">
              View archive
            </Link>
          </div>
        )}
      </fieldset>
      {confirming && choice && (
        <ConfirmStep
          label="Confirm removing from the archive"
          pending={remove.isPending}
          danger
          yes={remove.isPending ? "Removing..." : "Yes, remove it"}
          onYes={() => run(choice)}
          onCancel={() => setConfirming(false)}
        >
          <p>
            <strong>{messages.semester.removeConfirm(choice.kind, choice.label, data.name)}</strong>
          </p>
        </ConfirmStep>
      )}
    </>
  );
}
