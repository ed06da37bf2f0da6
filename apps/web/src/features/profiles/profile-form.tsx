/**
 * Create or edit a profile (spec §2, §5): photo with preview, name, birthday, star sign, Save Profile, and
 * Cancel when editing. Checked in the browser with the shared rules before anything is sent.
 */

import { bioCounter } from "@classcoin/shared/bio";
import { MIN_BALANCE_TO_PARTICIPATE, STAR_SIGNS } from "@classcoin/shared/constants";
import type { Profile } from "@classcoin/shared/entities";
import { messages } from "@classcoin/shared/messages";
import { type ProfileFields, profileFieldsSchema, validatePhotoFile } from "@classcoin/shared/profiles";
import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect, useId, useState } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { useAlert } from "../../ui/alerts";
import { Avatar } from "../../ui/avatar";
import { useCcBalance } from "../../wallet/use-cc-balance";
import { usePrepareWrite } from "../../wallet/use-prepare-write";
import { useWallet } from "../../wallet/use-wallet";
import { isUserRejection } from "../../wallet/user-rejection";
import { useWalletSetup } from "../../wallet/wallet-context";
import { useRosterSelf } from "./api/get-roster-self";
import { useSaveProfile } from "./api/save-profile";
import { NeedsCcNotice } from "./needs-cc-notice";
import { profileSaveErrorAlert } from "./profile-save-errors";

type ProfileFieldsInput = z.input<typeof profileFieldsSchema>;

export function ProfileForm({ profile, onDone }: { profile: Profile | null; onDone?: () => void }) {
  const { config } = useWalletSetup();
  const editing = profile !== null;
  const balance = useCcBalance();
  const { wallet } = useWallet();
  const save = useSaveProfile();
  const alert = useAlert();
  const ids = { photo: useId(), name: useId(), birthday: useId(), starSign: useId(), bio: useId() };
  const [photo, setPhoto] = useState<File | null>(null);
  const [photoErrors, setPhotoErrors] = useState<string[]>([]);
  const [preview, setPreview] = useState<string | null>(null);
  const [previewWarning, setPreviewWarning] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    watch,
    formState: { errors },
  } = useForm<ProfileFieldsInput, unknown, ProfileFields>({
    resolver: zodResolver(profileFieldsSchema),
    defaultValues: {
      name: profile?.name ?? "",
      birthday: profile?.birthday ?? "",
      starSign: profile?.starSign,
      bio: profile?.bio ?? "",
    },
  });
  const bioCount = bioCounter(watch("bio") ?? "");

  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);

  // Spec §5: without a profile, the form needs ≥ 1 CC (an existing profile can always be edited).
  const lacksCoins = !editing && (balance.amount === undefined || balance.amount < MIN_BALANCE_TO_PARTICIPATE);
  // On a public chain, a signed-in student short of CC is told where their welcome grant stands.
  const roster = useRosterSelf(lacksCoins && !config.local && balance.amount !== undefined);
  const prepare = usePrepareWrite();
  const checkGrant = () =>
    void prepare().catch((error: unknown) => {
      if (isUserRejection(error)) return;
      console.error("Sign-in to read the welcome grant failed", error);
      void alert(profileSaveErrorAlert(error, config).text);
    });

  const onPhoto = (file: File | undefined, input: HTMLInputElement) => {
    setPreviewWarning(null);
    if (!file) {
      setPhotoErrors([]);
      setPhoto(null);
      setPreview(null);
      return;
    }
    const problems = validatePhotoFile(file);
    setPhotoErrors(problems);
    if (problems.length > 0) {
      input.value = "";
      setPhoto(null);
      setPreview(null);
      return;
    }
    setPhoto(file);
    setPreview(URL.createObjectURL(file));
  };

  const onSubmit = handleSubmit((fields) => {
    save.mutate(
      { fields, photo, balance: balance.amount, editing },
      {
        onSuccess: () => onDone?.(),
        onError: (error) => {
          console.error("Profile save failed", error);
          const { text, title } = profileSaveErrorAlert(error, config);
          void alert(text, title ? { title } : undefined);
        },
      },
    );
  });

  const describe = (id: string, has: boolean) =>
    has ? { "aria-describedby": `${id}-error`, "aria-invalid": true } : {};

  return (
    <form
      className="card profile-form"
      onSubmit={onSubmit}
      noValidate
      aria-label={editing ? "Edit profile" : "Create profile"}
    >
      <h2>{editing ? "Edit your profile" : "Create your profile"}</h2>
      {lacksCoins && (
        <NeedsCcNotice
          config={config}
          wallet={wallet}
          balanceKnown={balance.amount !== undefined}
          self={roster.self}
          onCheckGrant={roster.signedIn === false ? checkGrant : undefined}
        />
      )}
      <fieldset disabled={lacksCoins || save.isPending}>
        <div className="field">
          <label htmlFor={ids.photo}>Photo</label>
          <div className="photo-field">
            {!preview && profile && (
              <Avatar photo={profile.photo} wallet={profile.wallet} name={profile.name} size={96} />
            )}
            {preview && (
              <img
                className="photo-preview"
                src={preview}
                alt="Your chosen file, as it will look"
                width={96}
                height={96}
                onError={() => setPreviewWarning(messages.photo.previewFailed)}
              />
            )}
            <input
              id={ids.photo}
              type="file"
              accept="image/jpeg,image/png,image/gif,image/webp"
              onChange={(e) => onPhoto(e.target.files?.[0], e.target)}
              {...describe(ids.photo, photoErrors.length > 0)}
            />
          </div>
          {photoErrors.length > 0 && (
            <p id={`${ids.photo}-error`} className="field-error" role="alert">
              {photoErrors.join(" ")}
            </p>
          )}
          {previewWarning && (
            <p className="field-warning" role="status">
              {previewWarning}
            </p>
          )}
        </div>
        <div className="field">
          <label htmlFor={ids.name}>Name</label>
          <input
            id={ids.name}
            type="text"
            autoComplete="nickname"
            {...register("name")}
            {...describe(ids.name, !!errors.name)}
          />
          {errors.name && (
            <p id={`${ids.name}-error`} className="field-error" role="alert">
              {errors.name.message}
            </p>
          )}
        </div>
        <div className="field">
          <label htmlFor={ids.birthday}>Birthday</label>
          <input
            id={ids.birthday}
            type="date"
            {...register("birthday")}
            {...describe(ids.birthday, !!errors.birthday)}
          />
          {errors.birthday && (
            <p id={`${ids.birthday}-error`} className="field-error" role="alert">
              {errors.birthday.message}
            </p>
          )}
        </div>
        <div className="field">
          <label htmlFor={ids.starSign}>Star sign</label>
          <select id={ids.starSign} {...register("starSign")} {...describe(ids.starSign, !!errors.starSign)}>
            <option value="">Select your star sign</option>
            {STAR_SIGNS.map((sign) => (
              <option key={sign} value={sign}>
                {sign}
              </option>
            ))}
          </select>
          {errors.starSign && (
            <p id={`${ids.starSign}-error`} className="field-error" role="alert">
              {errors.starSign.message}
            </p>
          )}
        </div>
        <div className="field">
          <label htmlFor={ids.bio}>Bio (optional)</label>
          <textarea
            id={ids.bio}
            rows={3}
            placeholder="A line or two about you and your art"
            {...register("bio")}
            {...describe(ids.bio, !!errors.bio)}
          />
          <span className="muted small bio-counter" data-testid="bio-counter">
            {bioCount}
          </span>
          {errors.bio && (
            <p id={`${ids.bio}-error`} className="field-error" role="alert">
              {errors.bio.message}
            </p>
          )}
        </div>
        <div className="form-actions">
          <button type="submit" className="button">
            {save.isPending ? "Saving…" : "Save Profile"}
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
