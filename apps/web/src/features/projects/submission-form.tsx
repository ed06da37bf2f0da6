/**
 * Create or edit the own submission (spec §5 "Project submission"): title and image required on create, a new
 * image optional on edit (the current one is shown until another is chosen), description optional; the label states max 1080x1080 (not checked here: the server
 * downscales).
 */
import { PROJECT_IMAGE_MAX_DIMENSION } from "@classcoin/shared/constants";
import type { Project } from "@classcoin/shared/entities";
import { validateProjectInput } from "@classcoin/shared/projects";
import { type FormEvent, useEffect, useId, useState } from "react";
import { useAlert } from "../../ui/alerts";
import { FormErrors } from "../../ui/form-errors";
import { useCcBalance } from "../../wallet/use-cc-balance";
import { useWalletSetup } from "../../wallet/wallet-context";
import { useSubmitProject } from "./api/submit-project";
import { projectImageUrl } from "./project-image";
import { submitErrorText } from "./tip-errors";

export function SubmissionForm({
  projectNumber,
  project,
  hasProfile,
  onDone,
}: {
  projectNumber: number;
  project: Project | null;
  hasProfile: boolean;
  onDone: () => void;
}) {
  const { config } = useWalletSetup();
  const balance = useCcBalance();
  const submit = useSubmitProject();
  const alert = useAlert();
  const ids = { title: useId(), description: useId(), image: useId(), errors: useId() };
  const [title, setTitle] = useState(project?.title ?? "");
  const [description, setDescription] = useState(project?.description ?? "");
  const [image, setImage] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [errors, setErrors] = useState<string[]>([]);
  const editing = project !== null;

  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);

  const onImage = (file: File | undefined) => {
    setImage(file ?? null);
    setPreview(file?.type.startsWith("image/") ? URL.createObjectURL(file) : null);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const found = validateProjectInput({
      connected: true,
      hasProfile,
      balance: balance.amount,
      editing,
      title,
      imageType: image ? image.type || "application/octet-stream" : undefined,
    });
    setErrors(found);
    if (found.length > 0) return;
    submit.mutate(
      { projectNumber, title, description, image, balance: balance.amount },
      {
        onSuccess: onDone,
        onError: (error) => {
          console.error("Project submission failed", error);
          const text = submitErrorText(error, config);
          if (text) void alert(text);
        },
      },
    );
  };

  return (
    <form
      className="card own-submission"
      onSubmit={onSubmit}
      noValidate
      aria-label={editing ? "Edit your submission" : "Submit your project"}
    >
      <h2>{editing ? "Edit your submission" : `Submit your work for Project ${projectNumber}`}</h2>
      <fieldset disabled={submit.isPending}>
        <div className="field">
          <label htmlFor={ids.title}>Title</label>
          <input id={ids.title} type="text" value={title} onChange={(e) => setTitle(e.target.value)} />
        </div>
        <div className="field">
          <label htmlFor={ids.description}>Description (optional)</label>
          <textarea
            id={ids.description}
            rows={3}
            value={description}
            onChange={(e) => setDescription(e.target.value)}
          />
        </div>
        <div className="field">
          <label htmlFor={ids.image}>
            Image (max {PROJECT_IMAGE_MAX_DIMENSION}x{PROJECT_IMAGE_MAX_DIMENSION}){editing ? ", optional" : ""}
          </label>
          <div className="photo-field">
            {/* Editing: the current image shows until a new file is chosen, which then shows instead. */}
            {preview ? (
              <img className="photo-preview" src={preview} alt="Preview of your chosen file" width={96} height={96} />
            ) : (
              project && (
                <img
                  className="photo-preview"
                  src={projectImageUrl(project.image)}
                  alt={`Current image: ${project.title}`}
                  width={96}
                  height={96}
                />
              )
            )}
            <input id={ids.image} type="file" accept="image/*" onChange={(e) => onImage(e.target.files?.[0])} />
          </div>
        </div>
        <FormErrors id={ids.errors} errors={errors} />
        <div className="form-actions">
          <button type="submit" className="button">
            {submit.isPending ? "Submitting…" : editing ? "Save Submission" : "Submit Project"}
          </button>
          {editing && (
            <button type="button" className="button secondary" onClick={onDone}>
              Cancel
            </button>
          )}
        </div>
      </fieldset>
    </form>
  );
}
