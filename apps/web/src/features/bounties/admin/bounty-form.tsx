/** Create or edit a bounty (spec §5 "Bounty form"): title and description required, reward required and ≥ 1. */
import { type CreateBounty, createBountySchema } from "@classcoin/shared/admin";
import type { Bounty } from "@classcoin/shared/entities";
import { type FormEvent, useEffect, useId, useRef, useState } from "react";

export function BountyForm({
  bounty,
  busy,
  onSave,
  onCancel,
}: {
  bounty: Bounty | null;
  busy: boolean;
  /** Resolves true when saved (the form then empties). */
  onSave: (fields: CreateBounty) => Promise<boolean>;
  onCancel: () => void;
}) {
  const ids = { title: useId(), description: useId(), reward: useId() };
  const [title, setTitle] = useState(bounty?.title ?? "");
  const [description, setDescription] = useState(bounty?.description ?? "");
  const [reward, setReward] = useState(bounty ? String(bounty.reward) : "");
  const [errors, setErrors] = useState<Partial<Record<keyof CreateBounty, string>>>({});
  const titleRef = useRef<HTMLInputElement>(null);
  const editing = bounty !== null;

  // Editing starts from a bounty's Edit button, often far below this form (on a phone, screens below): the
  // form comes to the admin, its title focused. Before, the form changed out of sight and Edit seemed to do
  // nothing.
  useEffect(() => {
    if (editing) titleRef.current?.focus();
  }, [editing]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = createBountySchema.safeParse({
      title,
      description,
      reward: reward.trim() === "" ? undefined : reward,
    });
    if (!parsed.success) {
      const found: typeof errors = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path[0] as keyof CreateBounty;
        found[key] ??= key === "reward" && reward.trim() === "" ? "Reward is required" : issue.message;
      }
      setErrors(found);
      return;
    }
    setErrors({});
    // A double click's second submit is ignored by the admin action (`useAdminAction`): it answers false.
    if ((await onSave(parsed.data)) && !bounty) {
      setTitle("");
      setDescription("");
      setReward("");
    }
  };

  const invalid = (key: keyof CreateBounty, id: string) =>
    errors[key] ? { "aria-invalid": true, "aria-describedby": `${id}-error` } : {};
  const error = (key: keyof CreateBounty, id: string) =>
    errors[key] && (
      <p id={`${id}-error`} className="field-error" role="alert">
        {errors[key]}
      </p>
    );

  return (
    <form
      className="card bounty-form"
      onSubmit={submit}
      noValidate
      aria-label={bounty ? "Edit bounty" : "Create bounty"}
    >
      <h2>{bounty ? `Edit bounty` : "Create a bounty"}</h2>
      <fieldset disabled={busy}>
        <div className="field">
          <label htmlFor={ids.title}>Title</label>
          <input
            ref={titleRef}
            id={ids.title}
            type="text"
            required
            value={title}
            onChange={(e) => setTitle(e.target.value)}
            {...invalid("title", ids.title)}
          />
          {error("title", ids.title)}
        </div>
        <div className="field">
          <label htmlFor={ids.description}>Description</label>
          <textarea
            id={ids.description}
            rows={3}
            required
            value={description}
            onChange={(e) => setDescription(e.target.value)}
            {...invalid("description", ids.description)}
          />
          {error("description", ids.description)}
        </div>
        <div className="field">
          <label htmlFor={ids.reward}>Reward (CC)</label>
          <input
            id={ids.reward}
            type="number"
            min={1}
            step="any"
            required
            value={reward}
            onChange={(e) => setReward(e.target.value)}
            {...invalid("reward", ids.reward)}
          />
          {error("reward", ids.reward)}
        </div>
        <div className="form-actions">
          <button type="submit" className="button">
            {bounty ? "Save Bounty" : "Create Bounty"}
          </button>
          {bounty && (
            <button type="button" className="button secondary" onClick={onCancel}>
              Cancel
            </button>
          )}
        </div>
      </fieldset>
    </form>
  );
}
